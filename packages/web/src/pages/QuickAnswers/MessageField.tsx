/**
 * The quick answer's message: a multiline field (at least 5 rows) with the variables picker, which
 * inserts `{{variable}}` where the cursor was — replacing the selection, if any.
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { insertAtCursor } from '@switchboard/shared';
import { useRef } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../components/useFieldMessage';
import type { QuickAnswerFormValues } from './quickAnswerFormValues';
import { VariablesPicker } from './VariablesPicker';

export const MESSAGE_MIN_ROWS = 5;

export function MessageField({ control }: { control: Control<QuickAnswerFormValues> }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const textarea = useRef<HTMLTextAreaElement | null>(null);

  return (
    <Controller
      control={control}
      name="message"
      render={({ field, fieldState }) => {
        const insert = (placeholder: string) => {
          const el = textarea.current;
          const value = field.value ?? '';
          // A textarea keeps its selection after losing focus to the menu, so it is still the cursor.
          const start = el?.selectionStart ?? value.length;
          const end = el?.selectionEnd ?? value.length;
          const next = insertAtCursor(value, start, end, placeholder);
          field.onChange(next.text);
          // Put the cursor after the insertion once React has written the new value.
          requestAnimationFrame(() => {
            el?.focus();
            el?.setSelectionRange(next.cursor, next.cursor);
          });
        };
        return (
          <Box>
            <TextField
              {...field}
              inputRef={(el: HTMLTextAreaElement | null) => {
                textarea.current = el;
                field.ref(el);
              }}
              value={field.value ?? ''}
              id="quick-answer-message"
              label={t('quickAnswers.modal.message')}
              multiline
              minRows={MESSAGE_MIN_ROWS}
              fullWidth
              size="small"
              error={!!fieldState.error}
              helperText={message(fieldState.error?.message) ?? ' '}
              slotProps={{ htmlInput: { 'data-testid': 'quick-answer-message' } }}
            />
            <VariablesPicker onPick={insert} />
          </Box>
        );
      }}
    />
  );
}
