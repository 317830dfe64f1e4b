/** The connections table of spec §2: id, name, status, number, session, last update, default, actions. */
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CONNECTION_UPDATED_FORMAT, type ConnectionDTO, type ConnectionHealthDTO } from '@switchboard/shared';
import { format, isValid, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionAction } from '../../api/connectionsAdmin';
import { HIDE_ON_PHONE, ListTable } from '../../components/ListTable';
import { RowActionsCell } from '../../components/RowActionsCell';
import { ConnectionHealthLine } from './ConnectionHealthLine';
import { ConnectionStatus } from './ConnectionStatus';
import { WebchatFloodNotice } from './WebchatFloodNotice';
import { SessionActions } from './SessionActions';

const COLUMNS = ['id', 'name', 'status', 'number', 'session', 'updatedAt', 'isDefault', 'actions'] as const;
/**
 * What a phone-width screen leaves out, so the status and the session's buttons stay on screen. The
 * session's button moves under the status there: in a column of its own it lay under the pinned Edit/Delete.
 */
const PHONE_HIDDEN = new Set<string>(['id', 'number', 'session', 'updatedAt', 'isDefault']);
const phoneSx = (column: (typeof COLUMNS)[number]) => (PHONE_HIDDEN.has(column) ? HIDE_ON_PHONE : undefined);

function formatUpdated(value: string | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, CONNECTION_UPDATED_FORMAT) : '';
}

export interface ConnectionsTableProps {
  connections: ConnectionDTO[];
  busyId: number | null;
  onSessionAction: (connection: ConnectionDTO, action: SessionAction) => void;
  onShowQr: (connection: ConnectionDTO) => void;
  onEdit: (connection: ConnectionDTO) => void;
  onDelete: (connection: ConnectionDTO) => void;
  footer?: ReactNode;
  /** Each connection's last hour (channels/health), when loaded. */
  health?: ConnectionHealthDTO[];
}

export function ConnectionsTable({
  connections,
  busyId,
  onSessionAction,
  onShowQr,
  onEdit,
  onDelete,
  footer,
  health,
}: ConnectionsTableProps) {
  const { t } = useTranslation();
  // The width where HIDE_ON_PHONE hides the session column.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const session = (c: ConnectionDTO) => (
    <SessionActions connection={c} busy={busyId === c.id} onAction={(action) => onSessionAction(c, action)} onShowQr={() => onShowQr(c)} />
  );
  return (
    <ListTable
      testId="connections-table"
      columns={COLUMNS.map((c) => ({
        key: c,
        label: t(`connections.columns.${c}`),
        align: c === 'id' ? 'left' : 'center',
        hideOnPhone: PHONE_HIDDEN.has(c),
      }))}
      footer={footer}
    >
      {connections.map((c) => (
        <TableRow key={c.id} hover data-testid={`connection-row-${c.id}`}>
          <TableCell sx={phoneSx('id')}>{c.id}</TableCell>
          <TableCell align="center">{c.name}</TableCell>
          <TableCell align="center">
            <ConnectionStatus status={c.status} reason={c.statusReason} awaitingPairing={c.awaitingPairing} />
            <WebchatFloodNotice connection={c} />
            <ConnectionHealthLine health={health?.find((h) => h.connectionId === c.id)} />
            {phone && (
              <Box sx={{ mt: 0.5 }} data-testid={`connection-session-${c.id}`}>
                {session(c)}
              </Box>
            )}
          </TableCell>
          <TableCell align="center" sx={phoneSx('number')} data-testid={`connection-number-${c.id}`}>
            {c.number || '—'}
          </TableCell>
          <TableCell align="center" sx={phoneSx('session')} data-testid={phone ? undefined : `connection-session-${c.id}`}>
            {!phone && session(c)}
          </TableCell>
          <TableCell align="center" sx={{ whiteSpace: 'nowrap', ...phoneSx('updatedAt') }}>
            {formatUpdated(c.updatedAt)}
          </TableCell>
          <TableCell align="center" sx={phoneSx('isDefault')}>
            {c.isDefault && (
              <Tooltip title={t('connections.defaultTip')}>
                <StarIcon color="warning" fontSize="small" data-testid={`connection-default-${c.id}`} />
              </Tooltip>
            )}
          </TableCell>
          <RowActionsCell testIdPrefix="connection" id={c.id} onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
        </TableRow>
      ))}
    </ListTable>
  );
}
