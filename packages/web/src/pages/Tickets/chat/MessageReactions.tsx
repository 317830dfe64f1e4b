/**
 * The reactions on a message, under its bubble as WhatsApp shows them: the customer's and ours,
 * each labelled for screen readers (and on hover) with who reacted.
 */
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { MessageDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

export function MessageReactions({ reactions, mine }: { reactions: NonNullable<MessageDTO['reactions']>; mine: boolean }) {
  const { t } = useTranslation();
  if (reactions.length === 0) return null;
  return (
    <Box
      data-testid="message-reactions"
      aria-label={t('tickets.chat.reactions')}
      sx={{ display: 'flex', gap: 0.5, justifyContent: mine ? 'flex-end' : 'flex-start', mt: -0.5, mb: 0.25 }}
    >
      {reactions.map((r) => {
        const label = r.fromMe
          ? t('tickets.chat.reactionFromUs', { emoji: r.emoji })
          : t('tickets.chat.reactionFromCustomer', { emoji: r.emoji });
        return (
          <Tooltip key={`${r.fromMe}-${r.emoji}`} title={label}>
            <Box
              component="span"
              role="img"
              aria-label={label}
              data-testid="message-reaction"
              data-from-me={r.fromMe}
              sx={{
                px: 0.75,
                py: 0.125,
                fontSize: 15,
                lineHeight: 1.4,
                borderRadius: 4,
                bgcolor: 'background.paper',
                border: '1px solid',
                borderColor: r.fromMe ? 'primary.light' : 'divider',
                boxShadow: 1,
              }}
            >
              {r.emoji}
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
