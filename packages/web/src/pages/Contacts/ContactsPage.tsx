/**
 * /contacts — Contacts (spec §2): title with count, search (lower-cased), add, infinitely scrolling
 * table with start ticket, edit and (permission-gated) delete; admins also import, export CSV and
 * delete all.
 */
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EVENTS, type ContactDTO } from '@switchboard/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyContactEvent,
  exportContactsCsv,
  useContactsInfinite,
  useDeleteAllContacts,
  useDeleteContact,
  useImportContacts,
} from '../../api/contacts';
import { useAllowed, useContactActions } from '../../access/useAccess';
import { ListFooterRow } from '../../components/ListFooterRow';
import { ListPaper } from '../../components/ListPaper';
import { MainHeader } from '../../components/MainHeader';
import { SearchField } from '../../components/SearchField';
import { useToast } from '../../components/Toasts';
import { usePagedList } from '../../components/usePagedList';
import { useRealtimeEvent } from '../../components/useRealtimeEvent';
import { useReportedAction } from '../../components/useReportedAction';
import { useSearchTerm } from '../../components/useSearchTerm';
import { ContactConfirmation, type ContactConfirm } from './ContactConfirmation';
import { ContactModal } from './ContactModal';
import { ContactsTable } from './ContactsTable';
import { CsvImportDialog } from './CsvImportDialog';
import { StartTicketModal } from './StartTicketModal';

type Modal = { open: false } | { open: true; contactId: number | null };

export default function ContactsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  // Import, export and delete-all are one set of administration tools.
  const adminTools = useAllowed('contact.import');
  const contactActions = useContactActions();
  const { typed, setTyped, search } = useSearchTerm();
  const list = usePagedList(useContactsInfinite(search), 'contacts');
  const remove = useDeleteContact();
  const removeAll = useDeleteAllContacts();
  const importContacts = useImportContacts();
  const report = useReportedAction();
  const [modal, setModal] = useState<Modal>({ open: false });
  const [ticketFor, setTicketFor] = useState<ContactDTO | null>(null);
  const [confirm, setConfirm] = useState<ContactConfirm | null>(null);
  const [importMenu, setImportMenu] = useState<HTMLElement | null>(null);
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const csvInput = useRef<HTMLInputElement>(null);
  useRealtimeEvent(EVENTS.contact, applyContactEvent);

  const onConfirm = (action: ContactConfirm) => {
    if (action.kind === 'delete') void report(() => remove.mutateAsync(action.contact.id), t('contacts.deleted'));
    if (action.kind === 'deleteAll') void report(() => removeAll.mutateAsync(), t('contacts.allDeleted'));
    if (action.kind === 'import') {
      importContacts
        .mutateAsync()
        .then(({ imported }) => toast.success(t('contacts.csvImport.fromPhoneDone', { count: imported })), toast.error);
    }
  };

  return (
    <>
      <MainHeader title={t(list.countCapped ? 'contacts.titleAtLeast' : 'contacts.title', { count: list.count })}>
        <SearchField value={typed} onChange={setTyped} testId="contacts-search" lowercase />
        <Button variant="contained" onClick={() => setModal({ open: true, contactId: null })} data-testid="contacts-add">
          {t('contacts.add')}
        </Button>
        {adminTools && (
          <>
            <Button variant="outlined" onClick={(e) => setImportMenu(e.currentTarget)} data-testid="contacts-import">
              {t('contacts.import')}
            </Button>
            <Menu anchorEl={importMenu} open={importMenu != null} onClose={() => setImportMenu(null)}>
              <MenuItem
                data-testid="contacts-import-phone"
                onClick={() => {
                  setImportMenu(null);
                  setConfirm({ kind: 'import' });
                }}
              >
                {t('contacts.csvImport.fromPhone')}
              </MenuItem>
              <MenuItem
                data-testid="contacts-import-csv"
                onClick={() => {
                  setImportMenu(null);
                  csvInput.current?.click();
                }}
              >
                {t('contacts.csvImport.fromCsv')}
              </MenuItem>
            </Menu>
            <input
              ref={csvInput}
              type="file"
              accept=".csv,text/csv"
              hidden
              data-testid="contacts-import-file"
              onChange={(e) => {
                setCsvFile(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
            <Button variant="outlined" onClick={() => void exportContactsCsv().catch(toast.error)} data-testid="contacts-export">
              {t('contacts.export')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirm({ kind: 'deleteAll' })} data-testid="contacts-delete-all">
              {t('contacts.deleteAll')}
            </Button>
          </>
        )}
      </MainHeader>
      <ListPaper onScroll={list.onScroll} testId="contacts-scroll">
        <ContactsTable
          contacts={list.items}
          actionsOf={contactActions}
          onStartTicket={setTicketFor}
          onEdit={(contact) => setModal({ open: true, contactId: contact.id })}
          onDelete={(contact) => setConfirm({ kind: 'delete', contact })}
          footer={<ListFooterRow loading={list.loading} empty={list.items.length === 0} emptyText={t('contacts.empty')} colSpan={5} />}
        />
      </ListPaper>
      {modal.open && <ContactModal contactId={modal.contactId} onClose={() => setModal({ open: false })} />}
      {ticketFor && <StartTicketModal contact={ticketFor} onClose={() => setTicketFor(null)} />}
      {csvFile && <CsvImportDialog file={csvFile} onClose={() => setCsvFile(null)} />}
      <ContactConfirmation action={confirm} onClose={() => setConfirm(null)} onConfirm={onConfirm} />
    </>
  );
}
