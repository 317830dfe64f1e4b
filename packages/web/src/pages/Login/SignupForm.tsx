import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { signupSchema } from '@switchboard/shared';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { authApi } from '../../api/auth';
import { useToast } from '../../components/Toasts';
import { translateValidation } from '../../errors/validationMessage';

type SignupFormInput = z.input<typeof signupSchema>;
type SignupFormOutput = z.output<typeof signupSchema>;

const FIELDS: { name: FieldPath<SignupFormInput>; type: string; autoComplete: string }[] = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
];

/** Sign-up creates an attendant (POST /auth/signup), then the visitor signs in. */
export function SignupForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { control, handleSubmit, formState } = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const message = (m?: string) => (m ? translateValidation(t, m) : ' ');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await authApi.signup(values);
      toast.success(t('signup.success'));
      onDone();
    } catch (err) {
      toast.error(err);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="signup-form">
      <Stack spacing={1}>
        {FIELDS.map(({ name, type, autoComplete }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                id={`signup-${name}`}
                label={t(`signup.${name}`)}
                type={type}
                autoComplete={autoComplete}
                fullWidth
                error={!!fieldState.error}
                helperText={message(fieldState.error?.message)}
                slotProps={{ htmlInput: { 'data-testid': `signup-${name}` } }}
              />
            )}
          />
        ))}
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="signup-submit">
          {t('signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
