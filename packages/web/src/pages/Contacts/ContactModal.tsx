/**
 * Add or edit a contact (spec §2 Contacts, §5): name, number, e-mail, extra information and tags.
 * The tags are saved with the contact, in the same request. The number is read-only for whoever
 * the server would refuse to change it for (shared contactNumberLock), with the reason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contactFormSchema, contactNumberLock, type ContactDTO } from '@switchboard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContact, useSaveContact } from '../../api/contacts';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { submitDelay } from '../../components/submitDelay';
import { useToast } from '../../components/Toasts';
import { useCloseOnLoadError } from '../../components/useLoadError';
import { useViewer } from '../Tickets/useViewer';
import { ContactTagsField } from './ContactTagsField';
import { contactToForm, emptyContactForm, formToPayload, type ContactFormInput, type ContactFormOutput } from './contactFormValues';
import { ExtraInfoFields } from './ExtraInfoFields';

export interface ContactModalProps {
  /** Absent: add mode. */
  contactId: number | null;
  onClose: () => void;
  onSaved?: (contact: ContactDTO) => void;
}

export function ContactModal({ contactId, onClose, onSaved }: ContactModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const existing = useContact(contactId);
  const save = useSaveContact();
  const mode = contactId == null ? 'create' : 'edit';
  const { facts } = useViewer();
  // The server's rule, evaluated here so the field is closed exactly when a change would be refused.
  const numberLock = existing.data
    ? contactNumberLock(
        { id: facts.id, profile: facts.profile ?? 'user', queueIds: facts.queueIds, allTicket: !!facts.allTicket },
        existing.data.tickets,
        { allTicket: !!facts.sectorlessForAll },
      )
    : null;

  const { control, handleSubmit, reset, setError, formState } = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyContactForm(),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (existing.data) reset(contactToForm(existing.data));
  }, [existing.data, reset]);
  useCloseOnLoadError(existing.error, onClose);

  const onSubmit = handleSubmit(async (values) => {
    await submitDelay();
    try {
      const contact = await save.mutateAsync({ id: contactId ?? undefined, data: formToPayload(values) });
      toast.success(t('contacts.saved'));
      onSaved?.(contact);
      onClose();
    } catch (err) {
      for (const [field, message] of serverFieldErrors(err, ['name', 'number', 'email'])) {
        setError(field as 'name' | 'number' | 'email', { message });
      }
      toast.error(err);
    }
  });

  return (
    <FormDialog
      open
      title={mode === 'create' ? t('contacts.modal.addTitle') : t('contacts.modal.editTitle')}
      mode={mode}
      loading={mode === 'edit' && existing.isLoading}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="contact-modal"
    >
      <Stack spacing={1}>
        <Typography variant="subtitle2" color="primary">
          {t('contacts.modal.details')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <FormTextField control={control} name="name" testId="contact-name" label={t('contacts.modal.name')} autoFocus />
          <FormTextField
            control={control}
            name="number"
            testId="contact-number"
            label={t('contacts.modal.number')}
            helperText={numberLock ? t(`contacts.modal.numberLocked.${numberLock}`) : t('contacts.modal.numberHint')}
            inputMode="tel"
            disabled={numberLock !== null}
          />
        </Stack>
        <FormTextField control={control} name="email" testId="contact-email" label={t('contacts.modal.email')} type="email" />
        <ContactTagsField control={control} />
        <Divider sx={{ pt: 1 }} />
        <ExtraInfoFields control={control} />
      </Stack>
    </FormDialog>
  );
}
