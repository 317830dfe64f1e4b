/**
 * /tags (also /Tags) — Tags (spec §2): searchable, infinitely scrolling table with add and edit for
 * everyone; delete, delete all and the CSV download for admins only (the server refuses the rest).
 */
import Button from '@mui/material/Button';
import { EVENTS, type TagDTO } from '@switchboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../../access/useAccess';
import { applyTagEvent, exportTagsCsv, useDeleteAllTags, useDeleteTag, useTagsInfinite } from '../../api/tags';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { ListFooterRow } from '../../components/ListFooterRow';
import { ListPaper } from '../../components/ListPaper';
import { MainHeader } from '../../components/MainHeader';
import { SearchField } from '../../components/SearchField';
import { useToast } from '../../components/Toasts';
import { usePagedList } from '../../components/usePagedList';
import { useRealtimeEvent } from '../../components/useRealtimeEvent';
import { useReportedAction } from '../../components/useReportedAction';
import { useLastValue } from '../../components/useLastValue';
import { useSearchTerm } from '../../components/useSearchTerm';
import { TagModal } from './TagModal';
import { TagsTable } from './TagsTable';

type Modal = { open: false } | { open: true; tagId: number | null };
type Confirm = { kind: 'delete'; tag: TagDTO } | { kind: 'deleteAll' } | null;

export default function TagsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const mayDelete = useAllowed('tag.delete');
  const { typed, setTyped, search } = useSearchTerm();
  const list = usePagedList(useTagsInfinite(search), 'tags');
  const remove = useDeleteTag();
  const removeAll = useDeleteAllTags();
  const report = useReportedAction();
  const [modal, setModal] = useState<Modal>({ open: false });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const shownConfirm = useLastValue(confirm);
  useRealtimeEvent(EVENTS.tags, applyTagEvent);

  const onConfirm = () => {
    if (confirm?.kind === 'delete') void report(() => remove.mutateAsync(confirm.tag.id), t('tags.deleted'));
    if (confirm?.kind === 'deleteAll') void report(() => removeAll.mutateAsync(), t('tags.allDeleted'));
  };

  return (
    <>
      <MainHeader title={t('tags.title', { count: list.count })}>
        <SearchField value={typed} onChange={setTyped} testId="tags-search" />
        <Button variant="contained" onClick={() => setModal({ open: true, tagId: null })} data-testid="tags-add">
          {t('tags.add')}
        </Button>
        {mayDelete && (
          <>
            <Button variant="outlined" onClick={() => void exportTagsCsv().catch(toast.error)} data-testid="tags-export">
              {t('tags.export')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirm({ kind: 'deleteAll' })} data-testid="tags-delete-all">
              {t('tags.deleteAll')}
            </Button>
          </>
        )}
      </MainHeader>
      <ListPaper onScroll={list.onScroll} testId="tags-scroll">
        <TagsTable
          tags={list.items}
          canDelete={mayDelete}
          onEdit={(tag) => setModal({ open: true, tagId: tag.id })}
          onDelete={(tag) => setConfirm({ kind: 'delete', tag })}
          footer={<ListFooterRow loading={list.loading} empty={list.items.length === 0} emptyText={t('tags.empty')} colSpan={5} />}
        />
      </ListPaper>
      {modal.open && <TagModal tagId={modal.tagId} onClose={() => setModal({ open: false })} />}
      <ConfirmationModal
        open={confirm != null}
        title={
          shownConfirm?.kind === 'delete' ? t('tags.confirmDeleteTitle', { name: shownConfirm.tag.name }) : t('tags.confirmDeleteAllTitle')
        }
        onClose={() => setConfirm(null)}
        onConfirm={onConfirm}
      >
        {shownConfirm?.kind === 'delete' ? t('tags.confirmDeleteMessage') : t('tags.confirmDeleteAllMessage')}
      </ConfirmationModal>
    </>
  );
}
