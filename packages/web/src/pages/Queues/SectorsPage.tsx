/**
 * /queues (also /Queues) — Sectors (spec §2), under Administration: the route is admin-only, as are
 * the server's sector writes.
 */
import Button from '@mui/material/Button';
import type { QueueDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteSector, useSectors } from '../../api/sectors';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { ListFooterRow } from '../../components/ListFooterRow';
import { ListPaper } from '../../components/ListPaper';
import { MainHeader } from '../../components/MainHeader';
import { useLastValue } from '../../components/useLastValue';
import { useReportedAction } from '../../components/useReportedAction';
import { SectorModal } from './SectorModal';
import { SectorsTable } from './SectorsTable';

type Modal = { open: false } | { open: true; queueId: number | null };

export default function SectorsPage() {
  const { t } = useTranslation();
  const sectors = useSectors();
  const remove = useDeleteSector();
  const report = useReportedAction();
  const [modal, setModal] = useState<Modal>({ open: false });
  const [deleting, setDeleting] = useState<QueueDTO | null>(null);
  const shownDeleting = useLastValue(deleting);
  const list = sectors.data ?? [];

  return (
    <>
      <MainHeader title={t('queues.title')}>
        <Button variant="contained" onClick={() => setModal({ open: true, queueId: null })} data-testid="queues-add">
          {t('queues.add')}
        </Button>
      </MainHeader>
      <ListPaper testId="queues-scroll">
        <SectorsTable
          sectors={list}
          onEdit={(q) => setModal({ open: true, queueId: q.id })}
          onDelete={setDeleting}
          footer={<ListFooterRow loading={sectors.isLoading} empty={list.length === 0} emptyText={t('queues.empty')} colSpan={7} />}
        />
      </ListPaper>
      {modal.open && <SectorModal queueId={modal.queueId} onClose={() => setModal({ open: false })} />}
      <ConfirmationModal
        open={deleting != null}
        title={t('queues.confirmDeleteTitle', { name: shownDeleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void report(() => remove.mutateAsync(deleting.id), t('queues.deleted'))}
      >
        {t('queues.confirmDeleteMessage')}
      </ConfirmationModal>
    </>
  );
}
