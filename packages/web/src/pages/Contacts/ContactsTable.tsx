import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ContactDTO } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActionButton } from '../../components/RowActionButton';

export function ContactsTable({
  contacts,
  canDelete,
  onStartTicket,
  onEdit,
  onDelete,
  footer,
}: {
  contacts: ContactDTO[];
  canDelete: boolean;
  onStartTicket(contact: ContactDTO): void;
  onEdit(contact: ContactDTO): void;
  onDelete(contact: ContactDTO): void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="contacts-table">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>{t('contacts.columns.name')}</TableCell>
          <TableCell align="center">{t('contacts.columns.number')}</TableCell>
          <TableCell align="center">{t('contacts.columns.email')}</TableCell>
          <TableCell align="center">{t('contacts.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover data-testid={`contact-row-${contact.id}`}>
            <TableCell sx={{ pr: 0 }}>
              <Avatar src={contact.profilePicUrl || undefined} alt={contact.name} sx={{ width: 32, height: 32 }}>
                {contact.name.charAt(0).toUpperCase()}
              </Avatar>
            </TableCell>
            <TableCell>{contact.name}</TableCell>
            <TableCell align="center">{contact.number}</TableCell>
            <TableCell align="center">{contact.email}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <RowActionButton
                title={t('contacts.startTicket')}
                onClick={() => onStartTicket(contact)}
                testId={`contact-start-ticket-${contact.id}`}
              >
                <WhatsAppIcon fontSize="small" />
              </RowActionButton>
              <RowActionButton title={t('common.edit')} onClick={() => onEdit(contact)} testId={`contact-edit-${contact.id}`}>
                <EditIcon fontSize="small" />
              </RowActionButton>
              {canDelete && (
                <RowActionButton title={t('common.delete')} onClick={() => onDelete(contact)} testId={`contact-delete-${contact.id}`}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowActionButton>
              )}
            </TableCell>
          </TableRow>
        ))}
        {footer}
      </TableBody>
    </Table>
  );
}
