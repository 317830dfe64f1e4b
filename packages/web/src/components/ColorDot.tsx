import Box from '@mui/material/Box';

/** The round colour sample of the tags and sectors tables. */
export function ColorDot({ color, size = 20, testId }: { color: string; size?: number; testId?: string }) {
  return (
    <Box
      component="span"
      title={color}
      data-testid={testId}
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: color,
        border: 1,
        borderColor: 'divider',
        verticalAlign: 'middle',
      }}
    />
  );
}
