/** Add or edit a quick answer (spec §2, §5): shortcut 2–50 characters, message 8–30000. */
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { quickAnswerFormSchema } from '@switchboard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQuickAnswer, useSaveQuickAnswer } from '../../api/quickAnswers';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { serverFieldErrors } from '../../components/serverFieldErrors';
import { useToast } from '../../components/Toasts';
import { useCloseOnLoadError } from '../../components/useLoadError';
import { MessageField } from './MessageField';
import { emptyQuickAnswerForm, quickAnswerToForm, type QuickAnswerFormValues } from './quickAnswerFormValues';

export function QuickAnswerModal({ quickAnswerId, onClose }: { quickAnswerId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const existing = useQuickAnswer(quickAnswerId);
  const save = useSaveQuickAnswer();
  const mode = quickAnswerId == null ? 'create' : 'edit';

  const { control, handleSubmit, reset, setError, formState } = useForm<QuickAnswerFormValues>({
    resolver: zodResolver(quickAnswerFormSchema),
    defaultValues: emptyQuickAnswerForm(),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (existing.data) reset(quickAnswerToForm(existing.data));
  }, [existing.data, reset]);
  useCloseOnLoadError(existing.error, onClose);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: quickAnswerId ?? undefined, data: values });
      toast.success(t('quickAnswers.saved'));
      onClose();
    } catch (err) {
      for (const [field, message] of serverFieldErrors(err, ['shortcut', 'message'])) {
        setError(field as keyof QuickAnswerFormValues, { message });
      }
      toast.error(err);
    }
  });

  return (
    <FormDialog
      open
      title={mode === 'create' ? t('quickAnswers.modal.addTitle') : t('quickAnswers.modal.editTitle')}
      mode={mode}
      loading={mode === 'edit' && existing.isLoading}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="quick-answer-modal"
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="shortcut"
          testId="quick-answer-shortcut"
          label={t('quickAnswers.modal.shortcut')}
          autoFocus
        />
        <MessageField control={control} />
      </Stack>
    </FormDialog>
  );
}
