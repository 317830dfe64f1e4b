/** One event of the ticket's story in the chat: a centred line between the messages, with its time. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TicketEventDTO } from '@switchboard/shared';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../ticketTime';

/** The sentence that tells an event, in the reader's language. */
export function storyText(t: TFunction, e: TicketEventDTO): string {
  const actor = e.actor?.name ?? t('tickets.story.someone');
  const place = (user: TicketEventDTO['toUser'], queue: TicketEventDTO['toQueue']) =>
    [user?.name, queue?.name].filter(Boolean).join(' · ') || t('tickets.story.noSector');
  switch (e.kind) {
    case 'accepted':
      if (e.toUser && e.actor && e.toUser.id !== e.actor.id) return t('tickets.story.acceptedFor', { actor, to: e.toUser.name });
      return e.toQueue ? t('tickets.story.acceptedIn', { actor, queue: e.toQueue.name }) : t('tickets.story.accepted', { actor });
    case 'auto-assigned':
      return t('tickets.story.autoAssigned', { to: e.toUser?.name ?? t('tickets.story.someone') });
    case 'transferred':
      return t('tickets.story.transferred', { actor, from: place(e.fromUser, e.fromQueue), to: place(e.toUser, e.toQueue) });
    case 'returned':
      return t('tickets.story.returned', { actor });
    case 'resolved':
      return t('tickets.story.resolved', { actor });
    case 'finished':
      return t('tickets.story.finished', { actor });
    case 'reopened':
      return t('tickets.story.reopened', { actor });
    case 'closed-inactive':
      return t('tickets.story.closedInactive');
    case 'closed-api':
      return t('tickets.story.closedApi');
    case 'rated':
      return t('tickets.story.rated', { rate: e.rate ?? 0 });
    case 'bot-menu':
      return t('tickets.story.botMenu');
    case 'bot-sector':
      return t('tickets.story.botSector', { queue: e.toQueue?.name ?? t('tickets.story.noSector') });
    case 'directed':
      return t('tickets.story.directed', { queue: e.toQueue?.name ?? t('tickets.story.noSector') });
  }
}

export const TimelineEvent = memo(function TimelineEvent({ event }: { event: TicketEventDTO }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 0.5 }} data-testid="timeline-event" data-kind={event.kind}>
      <Box
        sx={{
          px: 1.25,
          py: 0.375,
          borderRadius: 3,
          maxWidth: '85%',
          textAlign: 'center',
          bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.06)'),
        }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {storyText(t, event)}
          <Box component="span" sx={{ ml: 0.75, opacity: 0.75 }}>
            {formatClock(event.at)}
          </Box>
        </Typography>
        {event.reason && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', fontStyle: 'italic', overflowWrap: 'anywhere' }}
            data-testid="timeline-event-reason"
          >
            {t('tickets.story.reason', { reason: event.reason })}
          </Typography>
        )}
      </Box>
    </Box>
  );
});
