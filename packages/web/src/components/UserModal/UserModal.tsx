/**
 * Add or edit an attendant (spec §3 User, §5 rules), also used for the own-profile item of the top
 * bar. Add mode has no id; edit mode loads the user by id. Admin-only fields (profile, sectors, work
 * hours, permission flags) are shown to admins only, and only admins send them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { TIME_INPUT_STEP_SECONDS, USER_FLAGS, allowed, userFormSchema } from '@switchboard/shared';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConnections } from '../../api/connections';
import { useQueues } from '../../api/queues';
import { useSaveUser, useUser } from '../../api/users';
import { accessActorOf } from '../../access/actor';
import { useAuth, useCurrentUser } from '../../auth/AuthProvider';
import { FormDialog } from '../FormDialog';
import { serverErrorsForValues } from '../serverFieldErrors';
import { useToast } from '../Toasts';
import { useCloseOnLoadError } from '../useLoadError';
import { FlagSelect, QueuesSelect, SelectField, TextInput } from './UserFormFields';
import { emptyUserForm, formToPayload, userToForm, type UserFormInput, type UserFormOutput } from './userFormValues';

const timeSlots = { inputLabel: { shrink: true }, htmlInput: { step: TIME_INPUT_STEP_SECONDS } };

export interface UserModalProps {
  open: boolean;
  /** Absent: add mode. */
  userId?: number | null;
  /** Opened from the top bar's profile item. */
  ownProfile?: boolean;
  onClose: () => void;
}

export function UserModal({ open, userId, ownProfile = false, onClose }: UserModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const currentUser = useCurrentUser();
  const { updateUser } = useAuth();
  // Rights (profile, sectors, permission flags) are shown and sent only to whom the rule lets change them.
  const mayChangeRights = allowed(accessActorOf(currentUser), 'user.update', { id: userId ?? currentUser.id, changesRights: true });
  const mode = userId == null ? 'create' : 'edit';
  const schema = useMemo(() => userFormSchema(mode), [mode]);

  const existing = useUser(userId);
  const connections = useConnections(open);
  const queues = useQueues(open && mayChangeRights);
  const save = useSaveUser();

  const form = useForm<UserFormInput, unknown, UserFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: emptyUserForm(),
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset, setError, formState } = form;

  useEffect(() => {
    if (existing.data) reset(userToForm(existing.data));
  }, [existing.data, reset]);
  useCloseOnLoadError(existing.error, onClose);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        id: userId ?? undefined,
        data: formToPayload(values, mayChangeRights),
      });
      if (saved.id === currentUser.id) updateUser(saved);
      toast.success(t('users.saved'));
      onClose();
    } catch (err) {
      // Field messages from the server land on their fields; the toast says what failed.
      for (const [field, message] of serverErrorsForValues(err, values)) {
        setError(field as keyof UserFormInput, { message });
      }
      toast.error(err);
    }
  });

  const title = ownProfile ? t('userModal.profileTitle') : mode === 'create' ? t('userModal.addTitle') : t('userModal.editTitle');
  return (
    <FormDialog
      open={open}
      title={title}
      mode={mode}
      loading={mode === 'edit' && existing.isLoading}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="user-modal"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput control={control} name="name" label={t('userModal.name')} autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput control={control} name="email" label={t('userModal.email')} type="email" />
        </Grid>
        <Grid size={{ xs: 12, sm: mayChangeRights ? 6 : 12 }}>
          <TextInput
            control={control}
            name="password"
            type="password"
            autoComplete="new-password"
            label={mode === 'create' ? t('userModal.password') : t('userModal.passwordKeep')}
          />
        </Grid>
        {mayChangeRights && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectField
              control={control}
              name="profile"
              label={t('userModal.profile')}
              options={[
                { value: 'admin', label: t('users.profiles.admin') },
                { value: 'user', label: t('users.profiles.user') },
              ]}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: mayChangeRights ? 6 : 12 }}>
          <SelectField
            control={control}
            name="whatsappId"
            label={t('userModal.whatsapp')}
            options={[{ value: '', label: t('userModal.none') }, ...(connections.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          />
        </Grid>
        {mayChangeRights && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <QueuesSelect control={control} label={t('userModal.queues')} queues={queues.data ?? []} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextInput control={control} name="startWork" time label={t('userModal.startWork')} slotProps={timeSlots} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextInput control={control} name="endWork" time label={t('userModal.endWork')} slotProps={timeSlots} />
            </Grid>
            <Grid size={12}>
              <Typography variant="subtitle2" color="text.secondary">
                {t('userModal.permissions')}
              </Typography>
            </Grid>
            {USER_FLAGS.map((flag) => (
              <Grid key={flag} size={{ xs: 12, sm: 6 }}>
                <FlagSelect control={control} name={flag} label={t(`userModal.flags.${flag}`)} />
              </Grid>
            ))}
          </>
        )}
      </Grid>
    </FormDialog>
  );
}
