/**
 * /users — Attendants (spec §2): searchable, infinitely scrolling table with add, edit and delete.
 */
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import CircularProgress from '@mui/material/CircularProgress';
import { SEARCH_DEBOUNCE_MS, type UserDTO } from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergePagesById } from '../../api/cacheUpdates';
import { useDeleteUser, useUsersInfinite } from '../../api/users';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { MainHeader } from '../../components/MainHeader';
import { effectiveSearchTerm } from '../../components/searchTerm';
import { useToast } from '../../components/Toasts';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { UserModal } from '../../components/UserModal/UserModal';
import { UsersTable } from './UsersTable';

type ModalState = { open: false } | { open: true; userId: number | null };

export default function UsersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const search = effectiveSearchTerm(useDebouncedValue(typed, SEARCH_DEBOUNCE_MS));
  const list = useUsersInfinite(search);
  const users = useMemo(() => mergePagesById((list.data?.pages ?? []).map((p) => p.users)), [list.data]);
  const remove = useDeleteUser();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<UserDTO | null>(null);

  const onScroll = useInfiniteScroll({
    hasMore: !!list.hasNextPage,
    loading: list.isFetching,
    loadMore: () => void list.fetchNextPage(),
  });

  const confirmDelete = async (user: UserDTO) => {
    try {
      await remove.mutateAsync(user.id);
      toast.success(t('users.deleted'));
    } catch (err) {
      toast.error(err);
    }
  };

  const showSpinner = list.isLoading || list.isFetchingNextPage;
  const footer = showSpinner ? (
    <TableRow>
      <TableCell colSpan={8} align="center">
        <CircularProgress size={24} />
      </TableCell>
    </TableRow>
  ) : users.length === 0 ? (
    <TableRow>
      <TableCell colSpan={8} align="center" sx={{ color: 'text.secondary' }}>
        {t('users.empty')}
      </TableCell>
    </TableRow>
  ) : null;

  return (
    <>
      <MainHeader title={t('users.title')}>
        <TextField
          size="small"
          placeholder={t('users.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'users-search', 'aria-label': t('common.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon color="disabled" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" onClick={() => setModal({ open: true, userId: null })} data-testid="users-add">
          {t('users.add')}
        </Button>
      </MainHeader>
      <Paper variant="outlined" onScroll={onScroll} sx={{ overflowY: 'auto', maxHeight: 'calc(100vh - 220px)' }} data-testid="users-scroll">
        <UsersTable users={users} onEdit={(user) => setModal({ open: true, userId: user.id })} onDelete={setDeleting} footer={footer} />
      </Paper>
      {modal.open && <UserModal open userId={modal.userId} onClose={() => setModal({ open: false })} />}
      <ConfirmationModal
        open={deleting != null}
        title={t('users.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      >
        {t('users.confirmDeleteMessage')}
      </ConfirmationModal>
    </>
  );
}
