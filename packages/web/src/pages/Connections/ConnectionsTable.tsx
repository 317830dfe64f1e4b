/** The connections table of spec §2: id, name, status, number, session, last update, default, actions. */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { CONNECTION_UPDATED_FORMAT, type ConnectionDTO } from '@switchboard/shared';
import { format, isValid, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionAction } from '../../api/connectionsAdmin';
import { ConnectionStatus } from './ConnectionStatus';
import { SessionActions } from './SessionActions';

const COLUMNS = ['id', 'name', 'status', 'number', 'session', 'updatedAt', 'isDefault', 'actions'] as const;

function formatUpdated(value: string | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, CONNECTION_UPDATED_FORMAT) : '';
}

export interface ConnectionsTableProps {
  connections: ConnectionDTO[];
  busyId: number | null;
  onSessionAction(connection: ConnectionDTO, action: SessionAction): void;
  onShowQr(connection: ConnectionDTO): void;
  onEdit(connection: ConnectionDTO): void;
  onDelete(connection: ConnectionDTO): void;
  footer?: ReactNode;
}

export function ConnectionsTable({ connections, busyId, onSessionAction, onShowQr, onEdit, onDelete, footer }: ConnectionsTableProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="connections-table">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell key={c} align={c === 'id' ? 'left' : 'center'}>
              {t(`connections.columns.${c}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {connections.map((c) => (
          <TableRow key={c.id} hover data-testid={`connection-row-${c.id}`}>
            <TableCell>{c.id}</TableCell>
            <TableCell align="center">{c.name}</TableCell>
            <TableCell align="center">
              <ConnectionStatus status={c.status} />
            </TableCell>
            <TableCell align="center" data-testid={`connection-number-${c.id}`}>
              {c.number || '—'}
            </TableCell>
            <TableCell align="center">
              <SessionActions
                connection={c}
                busy={busyId === c.id}
                onAction={(action) => onSessionAction(c, action)}
                onShowQr={() => onShowQr(c)}
              />
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              {formatUpdated(c.updatedAt)}
            </TableCell>
            <TableCell align="center">
              {c.isDefault && (
                <Tooltip title={t('connections.defaultTip')}>
                  <StarIcon color="warning" fontSize="small" data-testid={`connection-default-${c.id}`} />
                </Tooltip>
              )}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('common.edit')}>
                <IconButton size="small" onClick={() => onEdit(c)} data-testid={`connection-edit-${c.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <IconButton size="small" onClick={() => onDelete(c)} data-testid={`connection-delete-${c.id}`}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {footer}
      </TableBody>
    </Table>
  );
}
