import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { UserDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';

const COLUMNS = ['id', 'name', 'email', 'profile', 'whatsapp', 'startWork', 'endWork'] as const;

export function UsersTable({
  users,
  onEdit,
  onDelete,
  footer,
}: {
  users: UserDTO[];
  onEdit(user: UserDTO): void;
  onDelete(user: UserDTO): void;
  footer?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="users-table">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell key={c} align={c === 'id' ? 'left' : 'center'}>
              {t(`users.columns.${c}`)}
            </TableCell>
          ))}
          <TableCell align="center">{t('users.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} hover data-testid={`user-row-${user.id}`}>
            <TableCell>{user.id}</TableCell>
            <TableCell align="center">{user.name}</TableCell>
            <TableCell align="center">{user.email}</TableCell>
            <TableCell align="center">{t(`users.profiles.${user.profile}`)}</TableCell>
            <TableCell align="center">{user.whatsapp?.name ?? ''}</TableCell>
            <TableCell align="center">{user.startWork}</TableCell>
            <TableCell align="center">{user.endWork}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('common.edit')}>
                <IconButton size="small" onClick={() => onEdit(user)} data-testid={`user-edit-${user.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <IconButton size="small" onClick={() => onDelete(user)} data-testid={`user-delete-${user.id}`}>
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
