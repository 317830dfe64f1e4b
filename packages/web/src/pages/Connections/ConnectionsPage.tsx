/**
 * /connections — Connections (spec §2): the table with live session status, the QR dialog, the
 * connection modal and delete with confirmation.
 */
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ConnectionDTO } from '@switchboard/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionList, useDeleteConnection, useSessionAction, type SessionAction } from '../../api/connectionsAdmin';
import { useChannelHealth, useRefreshChannelHealth } from '../../api/linking';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { ConnectionModal } from '../../components/ConnectionModal/ConnectionModal';
import { MainHeader } from '../../components/MainHeader';
import { useToast } from '../../components/Toasts';
import { ConnectionsTable } from './ConnectionsTable';
import { QrCodeDialog } from './QrCodeDialog';
import { useConnectionLiveUpdates } from './useConnectionLiveUpdates';

type ModalState = { open: false } | { open: true; connectionId: number | null };

export default function ConnectionsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useConnectionList();
  const remove = useDeleteConnection();
  const session = useSessionAction();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ConnectionDTO | null>(null);
  const health = useChannelHealth();
  const refreshHealth = useRefreshChannelHealth();
  // A session change (a reconnect, a close) changes the health record too.
  useConnectionLiveUpdates(refreshHealth);

  const closeQr = useCallback(() => setQrFor(null), []);
  const connections = list.data ?? [];

  const runSessionAction = async (connection: ConnectionDTO, action: SessionAction) => {
    try {
      await session.mutateAsync({ id: connection.id, action });
    } catch (err) {
      toast.error(err);
    }
  };

  const confirmDelete = async (connection: ConnectionDTO) => {
    try {
      await remove.mutateAsync(connection.id);
      toast.success(t('connections.deleted'));
    } catch (err) {
      toast.error(err);
    }
  };

  const footer = list.isLoading ? (
    <TableRow>
      <TableCell colSpan={8} align="center">
        <CircularProgress size={24} />
      </TableCell>
    </TableRow>
  ) : connections.length === 0 ? (
    <TableRow>
      <TableCell colSpan={8} align="center" sx={{ color: 'text.secondary' }}>
        {t('connections.empty')}
      </TableCell>
    </TableRow>
  ) : null;

  return (
    <>
      <MainHeader title={t('connections.title')}>
        <Button variant="contained" onClick={() => setModal({ open: true, connectionId: null })} data-testid="connections-add">
          {t('connections.add')}
        </Button>
      </MainHeader>
      <Paper variant="outlined" sx={{ overflow: 'auto' }}>
        <ConnectionsTable
          connections={connections}
          busyId={session.isPending ? (session.variables?.id ?? null) : null}
          onSessionAction={(c, action) => void runSessionAction(c, action)}
          onShowQr={(c) => setQrFor(c.id)}
          onEdit={(c) => setModal({ open: true, connectionId: c.id })}
          onDelete={setDeleting}
          footer={footer}
          health={health.data?.connections}
        />
      </Paper>
      {modal.open && <ConnectionModal open connectionId={modal.connectionId} onClose={() => setModal({ open: false })} />}
      {qrFor != null && <QrCodeDialog connectionId={qrFor} onClose={closeQr} />}
      <ConfirmationModal
        open={deleting != null}
        title={t('connections.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      >
        {t('connections.confirmDeleteMessage')}
      </ConfirmationModal>
    </>
  );
}
