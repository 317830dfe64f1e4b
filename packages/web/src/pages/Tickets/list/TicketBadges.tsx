/** The optional badges of a list item, each behind the user's view flag (spec §2, §6). */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TicketDTO } from '@switchboard/shared';
import { useViewer } from '../useViewer';

const chipSx = { height: 18, fontSize: 11, maxWidth: 140 } as const;

export function TicketBadges({ ticket }: { ticket: TicketDTO }) {
  const { show } = useViewer();
  const tags = show.tags ? ticket.contact.tags : [];
  const items = [
    show.connection && ticket.whatsapp && (
      <Chip key="c" size="small" variant="outlined" label={ticket.whatsapp.name} sx={chipSx} data-testid="badge-connection" />
    ),
    show.sector && ticket.queue && (
      <Chip
        key="s"
        size="small"
        label={ticket.queue.name}
        sx={{ ...chipSx, bgcolor: ticket.queue.color, color: '#fff' }}
        data-testid="badge-sector"
      />
    ),
    show.attendant && ticket.user && (
      <Chip key="u" size="small" color="primary" variant="outlined" label={ticket.user.name} sx={chipSx} data-testid="badge-attendant" />
    ),
    ...tags.map((tag) => (
      <Chip
        key={`t${tag.id}`}
        size="small"
        label={tag.name}
        sx={{ ...chipSx, bgcolor: tag.color, color: '#fff' }}
        data-testid="badge-tag"
      />
    )),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}>
      {items}
    </Stack>
  );
}
