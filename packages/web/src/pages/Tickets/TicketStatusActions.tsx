/**
 * The action buttons a ticket's status allows (spec §4): pending → accept; open → return and
 * resolve; closed → reopen. Used by list items and the chat header alike. With `shortcuts` (the
 * open ticket's header) the keyboard's accept and resolve run the very same actions, offered only
 * when the button is (so never on a ticket the viewer may not act on).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TicketDTO } from '@switchboard/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUT_KEYS } from './shortcuts/shortcutKey';
import { useShortcuts } from './shortcuts/useShortcuts';
import { useAcceptTicket } from './useAcceptTicket';

export function TicketStatusActions({ ticket, size = 'small', shortcuts = false }: { ticket: TicketDTO; size?: 'small' | 'medium'; shortcuts?: boolean }) {
  const { t } = useTranslation();
  const { accept: startAccept, dialog, choosing, actions } = useAcceptTicket();
  const accept = () => startAccept(ticket);

  // Buttons sit inside clickable list items: their clicks must not also open the ticket.
  const handle = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };

  useShortcuts(
    {
      [SHORTCUT_KEYS.accept]: ticket.status === 'pending' && !choosing ? accept : undefined,
      [SHORTCUT_KEYS.resolve]: ticket.status === 'open' ? () => void actions.resolve(ticket) : undefined,
    },
    shortcuts && !actions.pending,
  );

  const common = { size, disabled: actions.pending } as const;
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {ticket.status === 'pending' && (
        <Button {...common} variant="contained" onClick={handle(accept)} data-testid={`ticket-accept-${ticket.id}`}>
          {t('tickets.actions.accept')}
        </Button>
      )}
      {ticket.status === 'open' && (
        <>
          <Button {...common} variant="outlined" onClick={handle(() => void actions.giveBack(ticket))} data-testid={`ticket-return-${ticket.id}`}>
            {t('tickets.actions.return')}
          </Button>
          <Button {...common} variant="contained" color="success" onClick={handle(() => void actions.resolve(ticket))} data-testid={`ticket-resolve-${ticket.id}`}>
            {t('tickets.actions.resolve')}
          </Button>
        </>
      )}
      {ticket.status === 'closed' && (
        <Button {...common} variant="outlined" onClick={handle(() => void actions.reopen(ticket))} data-testid={`ticket-reopen-${ticket.id}`}>
          {t('tickets.actions.reopen')}
        </Button>
      )}
      {dialog}
    </Stack>
  );
}
