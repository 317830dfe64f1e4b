import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { UserDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HIDE_ON_PHONE, ListTable } from '../../components/ListTable';
import { RowActionsCell } from '../../components/RowActionsCell';

const COLUMNS = ['id', 'name', 'email', 'profile', 'whatsapp', 'startWork', 'endWork', 'actions'] as const;
/** What a phone-width screen leaves out, so name, e-mail, profile and the actions fit. */
const PHONE_HIDDEN = new Set<string>(['id', 'whatsapp', 'startWork', 'endWork']);
const phoneSx = (column: (typeof COLUMNS)[number]) => (PHONE_HIDDEN.has(column) ? HIDE_ON_PHONE : undefined);

export function UsersTable({
  users,
  onEdit,
  onDelete,
  footer,
}: {
  users: UserDTO[];
  onEdit: (user: UserDTO) => void;
  onDelete: (user: UserDTO) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      testId="users-table"
      columns={COLUMNS.map((c) => ({
        key: c,
        label: t(`users.columns.${c}`),
        align: c === 'id' ? 'left' : 'center',
        hideOnPhone: PHONE_HIDDEN.has(c),
      }))}
      footer={footer}
    >
      {users.map((user) => (
        <TableRow key={user.id} hover data-testid={`user-row-${user.id}`}>
          <TableCell sx={phoneSx('id')}>{user.id}</TableCell>
          <TableCell align="center">{user.name}</TableCell>
          <TableCell align="center">{user.email}</TableCell>
          <TableCell align="center">{t(`users.profiles.${user.profile}`)}</TableCell>
          <TableCell align="center" sx={phoneSx('whatsapp')}>
            {user.whatsapp?.name ?? ''}
          </TableCell>
          <TableCell align="center" sx={phoneSx('startWork')}>
            {user.startWork}
          </TableCell>
          <TableCell align="center" sx={phoneSx('endWork')}>
            {user.endWork}
          </TableCell>
          <RowActionsCell testIdPrefix="user" id={user.id} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} />
        </TableRow>
      ))}
    </ListTable>
  );
}
