/**
 * /quickAnswers — Quick answers (spec §2): title with count, search, add; edit for everyone; delete
 * and delete all for admins only (the server refuses them to others).
 */
import Button from '@mui/material/Button';
import { EVENTS, type QuickAnswerDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../../access/useAccess';
import { applyQuickAnswerEvent, useDeleteAllQuickAnswers, useDeleteQuickAnswer, useQuickAnswersInfinite } from '../../api/quickAnswers';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { ListFooterRow } from '../../components/ListFooterRow';
import { ListPaper } from '../../components/ListPaper';
import { MainHeader } from '../../components/MainHeader';
import { SearchField } from '../../components/SearchField';
import { usePagedList } from '../../components/usePagedList';
import { useRealtimeEvent } from '../../components/useRealtimeEvent';
import { useReportedAction } from '../../components/useReportedAction';
import { useLastValue } from '../../components/useLastValue';
import { useSearchTerm } from '../../components/useSearchTerm';
import { QuickAnswerModal } from './QuickAnswerModal';
import { QuickAnswersTable } from './QuickAnswersTable';

type Modal = { open: false } | { open: true; quickAnswerId: number | null };
type Confirm = { kind: 'delete'; quickAnswer: QuickAnswerDTO } | { kind: 'deleteAll' } | null;

export default function QuickAnswersPage() {
  const { t } = useTranslation();
  const mayDelete = useAllowed('quickAnswer.delete');
  const { typed, setTyped, search } = useSearchTerm();
  const list = usePagedList(useQuickAnswersInfinite(search), 'quickAnswers');
  const remove = useDeleteQuickAnswer();
  const removeAll = useDeleteAllQuickAnswers();
  const report = useReportedAction();
  const [modal, setModal] = useState<Modal>({ open: false });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const shownConfirm = useLastValue(confirm);
  useRealtimeEvent(EVENTS.quickAnswer, applyQuickAnswerEvent);

  const onConfirm = () => {
    if (confirm?.kind === 'delete') {
      void report(() => remove.mutateAsync(confirm.quickAnswer.id), t('quickAnswers.deleted'));
    }
    if (confirm?.kind === 'deleteAll') void report(() => removeAll.mutateAsync(), t('quickAnswers.allDeleted'));
  };

  return (
    <>
      <MainHeader title={t('quickAnswers.title', { count: list.count })}>
        <SearchField value={typed} onChange={setTyped} testId="quick-answers-search" />
        <Button variant="contained" onClick={() => setModal({ open: true, quickAnswerId: null })} data-testid="quick-answers-add">
          {t('quickAnswers.add')}
        </Button>
        {mayDelete && (
          <Button variant="outlined" color="error" onClick={() => setConfirm({ kind: 'deleteAll' })} data-testid="quick-answers-delete-all">
            {t('quickAnswers.deleteAll')}
          </Button>
        )}
      </MainHeader>
      <ListPaper onScroll={list.onScroll} testId="quick-answers-scroll">
        <QuickAnswersTable
          quickAnswers={list.items}
          canDelete={mayDelete}
          onEdit={(q) => setModal({ open: true, quickAnswerId: q.id })}
          onDelete={(quickAnswer) => setConfirm({ kind: 'delete', quickAnswer })}
          footer={<ListFooterRow loading={list.loading} empty={list.items.length === 0} emptyText={t('quickAnswers.empty')} colSpan={3} />}
        />
      </ListPaper>
      {modal.open && <QuickAnswerModal quickAnswerId={modal.quickAnswerId} onClose={() => setModal({ open: false })} />}
      <ConfirmationModal
        open={confirm != null}
        title={
          shownConfirm?.kind === 'delete'
            ? t('quickAnswers.confirmDeleteTitle', { shortcut: shownConfirm.quickAnswer.shortcut })
            : t('quickAnswers.confirmDeleteAllTitle')
        }
        onClose={() => setConfirm(null)}
        onConfirm={onConfirm}
      >
        {shownConfirm?.kind === 'delete' ? t('quickAnswers.confirmDeleteMessage') : t('quickAnswers.confirmDeleteAllMessage')}
      </ConfirmationModal>
    </>
  );
}
