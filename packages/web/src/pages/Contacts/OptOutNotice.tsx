/** A contact's opt-out of bulk messages, shown where the contact is; admins may opt it back in. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ContactDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useOptInContact } from '../../api/contacts';
import { useAllowed } from '../../access/useAccess';
import { useToast } from '../../components/Toasts';

export function OptOutNotice({ contact }: { contact: ContactDTO }) {
  const { t, i18n } = useTranslation();
  const mayOptIn = useAllowed('contact.optIn');
  const toast = useToast();
  const optIn = useOptInContact();
  if (!contact.optedOutAt) return null;
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(contact.optedOutAt));
  return (
    <Alert
      severity="warning"
      data-testid="contact-opted-out"
      action={
        mayOptIn ? (
          <Button
            color="inherit"
            size="small"
            disabled={optIn.isPending}
            onClick={() =>
              optIn.mutate(contact.id, { onSuccess: () => toast.success(t('contacts.optOut.optedIn')), onError: (err) => toast.error(err) })
            }
            data-testid="contact-opt-in"
          >
            {t('contacts.optOut.optIn')}
          </Button>
        ) : undefined
      }
    >
      {t('contacts.optOut.notice', { since })}
    </Alert>
  );
}
