/**
 * The contacts screen's three confirmations (spec §2): delete one (naming the contact), delete all,
 * and import from the phone.
 */
import type { ContactDTO } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { useLastValue } from '../../components/useLastValue';

export type ContactConfirm = { kind: 'delete'; contact: ContactDTO } | { kind: 'deleteAll' } | { kind: 'import' };

export function confirmationTexts(
  t: (key: string, options?: Record<string, unknown>) => string,
  action: ContactConfirm,
): { title: string; message: string } {
  switch (action.kind) {
    case 'delete':
      return {
        title: t('contacts.confirmDeleteTitle', { name: action.contact.name }),
        message: t('contacts.confirmDeleteMessage'),
      };
    case 'deleteAll':
      return { title: t('contacts.confirmDeleteAllTitle'), message: t('contacts.confirmDeleteAllMessage') };
    case 'import':
      return { title: t('contacts.confirmImportTitle'), message: t('contacts.confirmImportMessage') };
  }
}

export function ContactConfirmation({
  action,
  onClose,
  onConfirm,
}: {
  action: ContactConfirm | null;
  onClose: () => void;
  onConfirm: (action: ContactConfirm) => void;
}) {
  const { t } = useTranslation();
  const shown = useLastValue(action);
  const texts = shown ? confirmationTexts(t, shown) : { title: '', message: '' };
  return (
    <ConfirmationModal open={action != null} title={texts.title} onClose={onClose} onConfirm={() => action && onConfirm(action)}>
      {texts.message}
    </ConfirmationModal>
  );
}
