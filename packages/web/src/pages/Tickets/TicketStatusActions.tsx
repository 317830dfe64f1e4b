/**
 * The status buttons (spec §4) the ticket's allowed actions contain: accept, return, resolve,
 * reopen. Used by list items and the chat header alike. With `shortcuts` (the open ticket's
 * header) the keyboard's accept and resolve run the very same actions, offered only when the
 * button is (so never on a ticket the viewer may not act on).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TicketDTO } from '@switchboard/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowedActions } from './allowedActions';
import { SHORTCUT_KEYS } from './shortcuts/shortcutKey';
import { useShortcuts } from './shortcuts/useShortcuts';
import { useAcceptTicket } from './useAcceptTicket';

export function TicketStatusActions({
  ticket,
  size = 'small',
  shortcuts = false,
}: {
  ticket: TicketDTO;
  size?: 'small' | 'medium';
  shortcuts?: boolean;
}) {
  const { t } = useTranslation();
  // Exactly the actions the server presents: it offers only those valid for the ticket's status
  // (pending → accept; open → return and resolve; closed → reopen) and this user.
  const allowed = useAllowedActions(ticket);
  const { accept: startAccept, dialog, choosing, actions } = useAcceptTicket();
  const accept = () => startAccept(ticket);

  // Buttons sit inside clickable list items: their clicks must not also open the ticket.
  const handle = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    fn();
  };

  useShortcuts(
    {
      [SHORTCUT_KEYS.accept]: allowed.has('accept') && !choosing ? accept : undefined,
      [SHORTCUT_KEYS.resolve]: allowed.has('resolve') ? () => void actions.resolve(ticket) : undefined,
    },
    shortcuts && !actions.pending,
  );

  const common = { size, disabled: actions.pending } as const;
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {allowed.has('accept') && (
        <Button {...common} variant="contained" onClick={handle(accept)} data-testid={`ticket-accept-${ticket.id}`}>
          {t('tickets.actions.accept')}
        </Button>
      )}
      {allowed.has('return') && (
        <Button
          {...common}
          variant="outlined"
          onClick={handle(() => void actions.giveBack(ticket))}
          data-testid={`ticket-return-${ticket.id}`}
        >
          {t('tickets.actions.return')}
        </Button>
      )}
      {allowed.has('resolve') && (
        <Button
          {...common}
          variant="contained"
          color="success"
          onClick={handle(() => void actions.resolve(ticket))}
          data-testid={`ticket-resolve-${ticket.id}`}
        >
          {t('tickets.actions.resolve')}
        </Button>
      )}
      {allowed.has('reopen') && (
        <Button
          {...common}
          variant="outlined"
          onClick={handle(() => void actions.reopen(ticket))}
          data-testid={`ticket-reopen-${ticket.id}`}
        >
          {t('tickets.actions.reopen')}
        </Button>
      )}
      {dialog}
    </Stack>
  );
}
