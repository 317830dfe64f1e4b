import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One indicator: a label and its value, large. */
export function StatCard({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" color="primary" data-testid={`${testId}-value`}>
        {value}
      </Typography>
    </Paper>
  );
}
