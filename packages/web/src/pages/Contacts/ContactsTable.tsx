import Chip from '@mui/material/Chip';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ContactAction, ContactDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HIDE_ON_PHONE, ListTable } from '../../components/ListTable';
import { RowActionButton } from '../../components/RowActionButton';
import { RowActionsCell } from '../../components/RowActionsCell';

export function ContactsTable({
  contacts,
  actionsOf,
  onStartTicket,
  onEdit,
  onDelete,
  footer,
}: {
  contacts: ContactDTO[];
  /** What the user may do to each contact (its allowedActions). */
  actionsOf: (contact: ContactDTO) => ReadonlySet<ContactAction>;
  onStartTicket: (contact: ContactDTO) => void;
  onEdit: (contact: ContactDTO) => void;
  onDelete: (contact: ContactDTO) => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ListTable
      testId="contacts-table"
      columns={[
        { key: 'avatar', padding: 'checkbox' },
        { key: 'name', label: t('contacts.columns.name') },
        // On a phone the number shows under the name and the e-mail waits for the edit dialog, so
        // the row's actions stay on screen.
        { key: 'number', label: t('contacts.columns.number'), align: 'center', hideOnPhone: true },
        { key: 'email', label: t('contacts.columns.email'), align: 'center', hideOnPhone: true },
        { key: 'actions', label: t('contacts.columns.actions'), align: 'center' },
      ]}
      footer={footer}
    >
      {contacts.map((contact) => (
        <TableRow key={contact.id} hover data-testid={`contact-row-${contact.id}`}>
          <TableCell sx={{ pr: 0 }}>
            <Avatar src={contact.profilePicUrl || undefined} alt={contact.name} sx={{ width: 32, height: 32 }}>
              {contact.name.charAt(0).toUpperCase()}
            </Avatar>
          </TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            {contact.name}
            {contact.optedOutAt && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('contacts.optOut.chip')}
                sx={{ ml: 1 }}
                data-testid="contact-opted-out-chip"
              />
            )}
            <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
              {contact.number}
            </Typography>
          </TableCell>
          <TableCell align="center" sx={HIDE_ON_PHONE}>
            {contact.number}
          </TableCell>
          <TableCell align="center" sx={HIDE_ON_PHONE}>
            {contact.email}
          </TableCell>
          <RowActionsCell
            testIdPrefix="contact"
            id={contact.id}
            onEdit={() => onEdit(contact)}
            onDelete={actionsOf(contact).has('delete') ? () => onDelete(contact) : undefined}
          >
            <RowActionButton
              title={t('contacts.startTicket')}
              onClick={() => onStartTicket(contact)}
              testId={`contact-start-ticket-${contact.id}`}
            >
              <WhatsAppIcon fontSize="small" />
            </RowActionButton>
          </RowActionsCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
