import type { QueueRef } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from './RecordSelect';
import { TicketDialog } from './TicketDialog';

/** Spec §2 Accept dialog: pick one of the user's sectors; Start stays disabled until one is chosen. */
export function AcceptTicketDialog({
  sectors,
  initial,
  onAccept,
  onClose,
}: {
  sectors: QueueRef[];
  initial: number | null;
  onAccept: (queueId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState<number | ''>(initial ?? '');
  return (
    <TicketDialog
      testId="accept-dialog"
      title={t('tickets.accept.title')}
      actionLabel={t('tickets.accept.start')}
      actionTestId="accept-start"
      actionDisabled={queueId === ''}
      onAction={() => queueId !== '' && onAccept(queueId)}
      onClose={onClose}
    >
      <RecordSelect
        label={t('tickets.accept.sector')}
        testId="accept-sector"
        records={sectors}
        value={queueId}
        onChange={setQueueId}
        showColor
      />
    </TicketDialog>
  );
}
