/**
 * Add or edit a connection (spec §2 Connections, §3 Connection). Add mode has no id; edit mode loads
 * the connection by id. The form is split into sections; this file owns loading, validation with the
 * shared schema and saving.
 */
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConnection, useSaveConnection } from '../../api/connectionsAdmin';
import { useQueues } from '../../api/queues';
import { FormDialog } from '../FormDialog';
import { serverErrorsForValues } from '../serverFieldErrors';
import { useToast } from '../Toasts';
import { useCloseOnLoadError } from '../useLoadError';
import { CloudSection } from './CloudSection';
import {
  connectionFormResolver,
  connectionToForm,
  emptyConnectionForm,
  formToPayload,
  type ConnectionFormValues,
} from './connectionFormValues';
import { channelHasGroups, GeneralSection } from './GeneralSection';
import { MessagesSection } from './MessagesSection';
import { SectorsSection } from './SectorsSection';
import { WebchatSection } from './WebchatSection';
import { WorkHoursSection } from './WorkHoursSection';

export interface ConnectionModalProps {
  open: boolean;
  /** Absent: add mode. */
  connectionId?: number | null;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" color="primary">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export function ConnectionModal({ open, connectionId, onClose }: ConnectionModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const mode = connectionId == null ? 'create' : 'edit';
  const existing = useConnection(connectionId);
  const queues = useQueues(open);
  const save = useSaveConnection();

  const resolver = useMemo(() => connectionFormResolver(mode), [mode]);
  const form = useForm<ConnectionFormValues>({ resolver, defaultValues: emptyConnectionForm(), mode: 'onTouched' });
  const { control, handleSubmit, reset, setValue, setError, formState } = form;
  const channel = useWatch({ control, name: 'channel' });

  useEffect(() => {
    if (existing.data) reset(connectionToForm(existing.data));
  }, [existing.data, reset]);
  useCloseOnLoadError(existing.error, onClose);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: connectionId ?? undefined, data: formToPayload(values, mode) });
      toast.success(t('connections.saved'));
      onClose();
    } catch (err) {
      // Field messages from the server land on their fields; the toast says what failed.
      for (const [field, message] of serverErrorsForValues(err, values)) {
        setError(field as keyof ConnectionFormValues, { message });
      }
      toast.error(err);
    }
  });

  return (
    <FormDialog
      open={open}
      title={mode === 'create' ? t('connections.form.addTitle') : t('connections.form.editTitle')}
      mode={mode}
      loading={mode === 'edit' && existing.isLoading}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="connection-modal"
      maxWidth="md"
    >
      <Stack spacing={2.5} divider={<Divider flexItem />}>
        <GeneralSection control={control} creating={mode === 'create'} groups={channelHasGroups(channel)} />
        {channel === 'whatsapp-cloud' && (
          <Section title={t('cloud.form.title')}>
            <CloudSection control={control} creating={mode === 'create'} webhookPath={existing.data?.cloud?.webhookPath} />
          </Section>
        )}
        {channel === 'webchat' && (
          <Section title={t('connections.webchat.title')}>
            <WebchatSection control={control} publicKey={existing.data?.webchat?.publicKey} />
          </Section>
        )}
        <Section title={t('connections.form.messagesTitle')}>
          <MessagesSection control={control} />
        </Section>
        <Section title={t('connections.form.queuesTitle')}>
          <SectorsSection control={control} setValue={setValue} queues={queues.data ?? []} />
        </Section>
        <Section title={t('connections.form.workHoursTitle')}>
          <WorkHoursSection control={control} />
        </Section>
      </Stack>
    </FormDialog>
  );
}
