import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { loginSchema } from '@switchboard/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAuth } from '../../auth/AuthProvider';
import { useToast } from '../../components/Toasts';
import { translateValidation } from '../../errors/validationMessage';

type LoginFormInput = z.input<typeof loginSchema>;
type LoginFormOutput = z.output<typeof loginSchema>;

/** Email + password; on success the /login guard sends the user on to where they were going. */
export function LoginForm() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const toast = useToast();
  const { control, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const message = (m?: string) => (m ? translateValidation(t, m) : ' ');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values);
      toast.success(t('login.success'));
    } catch (err) {
      toast.error(err);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="login-form">
      <Stack spacing={1}>
        <Controller
          control={control}
          name="email"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="login-email"
              label={t('login.email')}
              type="email"
              autoComplete="email"
              autoFocus
              fullWidth
              error={!!fieldState.error}
              helperText={message(fieldState.error?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
            />
          )}
        />
        <Controller
          control={control}
          name="password"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="login-password"
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              fullWidth
              error={!!fieldState.error}
              helperText={message(fieldState.error?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
