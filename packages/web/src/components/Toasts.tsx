/**
 * The toast area (spec §2): messages close by themselves after TOAST_MS. They sit along the bottom
 * edge, bottom-left on wide screens: every page keeps its main buttons (Add, Import, Export, Delete
 * all) in its header at the top and the chat keeps Send at the bottom right, so there a toast hides
 * nothing anyone needs for those 3 s.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { TOAST_MS } from '@switchboard/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../errors/translateError';

interface Toast {
  id: number;
  severity: AlertColor;
  text: string;
}

interface ToastApi {
  success: (text: string) => void;
  info(text: string): void;
  /** Shows the translated error code of an API failure (or the fallbacks of spec §8). */
  error: (error: unknown) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Keep the area small: older toasts drop off when more arrive at once. */
const MAX_VISIBLE = 2;

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  // Each toast's closing timer, cleared when the area goes away: a timer firing after the page (or
  // a test's document) is gone would update a component that no longer exists.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);

  const push = useCallback(
    (severity: AlertColor, text: string) => {
      const id = nextId.current++;
      // The same message again (a repeated click, a burst of identical errors) replaces its older copy.
      setToasts((list) => [...list.filter((x) => x.severity !== severity || x.text !== text), { id, severity, text }].slice(-MAX_VISIBLE));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, TOAST_MS);
      timers.current.add(timer);
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
        sx={{
          position: 'fixed',
          bottom: 16,
          left: { xs: 8, sm: 16 },
          right: { xs: 8, sm: 'auto' },
          zIndex: (theme) => theme.zIndex.snackbar,
          maxWidth: { sm: 420 },
        }}
        aria-live="polite"
        data-testid="toast-area"
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
