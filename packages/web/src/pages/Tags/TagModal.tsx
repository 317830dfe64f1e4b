/** Add or edit a tag (spec §2 Tags, §5): name (at least 3 characters) and colour. */
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { tagFormSchema } from '@switchboard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveTag, useTag } from '../../api/tags';
import { useCurrentUser } from '../../auth/AuthProvider';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { submitDelay } from '../../components/submitDelay';
import { useToast } from '../../components/Toasts';
import { useCloseOnLoadError } from '../../components/useLoadError';
import { ColorField } from './ColorField';
import { emptyTagForm, tagToForm, type TagFormInput, type TagFormOutput } from './tagFormValues';

export function TagModal({ tagId, onClose }: { tagId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const currentUser = useCurrentUser();
  const existing = useTag(tagId);
  const save = useSaveTag();
  const mode = tagId == null ? 'create' : 'edit';

  const { control, handleSubmit, reset, setError, formState } = useForm<TagFormInput, unknown, TagFormOutput>({
    resolver: zodResolver(tagFormSchema),
    defaultValues: emptyTagForm(),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (existing.data) reset(tagToForm(existing.data));
  }, [existing.data, reset]);
  useCloseOnLoadError(existing.error, onClose);

  const onSubmit = handleSubmit(async (values) => {
    await submitDelay();
    try {
      await save.mutateAsync({ id: tagId ?? undefined, data: { ...values, userId: currentUser.id } });
      toast.success(t('tags.saved'));
      onClose();
    } catch (err) {
      for (const [field, message] of serverFieldErrors(err, ['name', 'color'])) {
        setError(field as keyof TagFormInput, { message });
      }
      toast.error(err);
    }
  });

  return (
    <FormDialog
      open
      title={mode === 'create' ? t('tags.modal.addTitle') : t('tags.modal.editTitle')}
      mode={mode}
      loading={mode === 'edit' && existing.isLoading}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="tag-modal"
      maxWidth="xs"
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" testId="tag-name" label={t('tags.modal.name')} autoFocus />
        <ColorField control={control} />
      </Stack>
    </FormDialog>
  );
}
