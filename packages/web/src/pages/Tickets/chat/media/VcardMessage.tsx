/**
 * A contact card: name and number read from the vCard text (never rendered as markup). "Start chat"
 * opens the new-ticket flow from the contacts screen, so it is left to that screen.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function parseVcard(body: string): { name: string; number: string } {
  const name = /^FN[^:\n]*:(.*)$/m.exec(body)?.[1]?.trim() ?? '';
  const tel = /^(?:item\d+\.)?TEL[^:\n]*:(.*)$/m.exec(body)?.[1]?.trim() ?? '';
  const waid = /waid=(\d+)/.exec(body)?.[1];
  return { name, number: waid ?? tel };
}

export function VcardMessage({ body }: { body: string }) {
  const { name, number } = parseVcard(body);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 180 }} data-testid="message-vcard">
      <Avatar>{name.charAt(0).toUpperCase()}</Avatar>
      <Box>
        <Typography variant="subtitle2">{name || '—'}</Typography>
        <Typography variant="body2" color="text.secondary">
          {number}
        </Typography>
      </Box>
    </Box>
  );
}
