/**
 * The toast area (spec §2): messages stack in a corner and close by themselves after TOAST_MS.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { TOAST_MS } from '@switchboard/shared';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../errors/translateError';

interface Toast {
  id: number;
  severity: AlertColor;
  text: string;
}

interface ToastApi {
  success(text: string): void;
  info(text: string): void;
  /** Shows the translated error code of an API failure (or the fallbacks of spec §8). */
  error(error: unknown): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Keep the corner readable: older toasts drop off when many arrive at once. */
const MAX_VISIBLE = 4;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);

  const push = useCallback(
    (severity: AlertColor, text: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, severity, text }].slice(-MAX_VISIBLE));
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      success: (text) => push('success', text),
      info: (text) => push('info', text),
      error: (error) => push('error', translateError(t, error)),
    }),
    [push, t],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Stack
        spacing={1}
        sx={{ position: 'fixed', top: 72, right: 16, zIndex: (theme) => theme.zIndex.snackbar, maxWidth: 420 }}
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <Alert
            key={toast.id}
            severity={toast.severity}
            variant="filled"
            onClose={() => dismiss(toast.id)}
            data-testid={`toast-${toast.severity}`}
          >
            {toast.text}
          </Alert>
        ))}
      </Stack>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
