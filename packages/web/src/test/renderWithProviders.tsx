/**
 * Renders a component inside the app's providers (query cache, router, auth, toasts) with a signed-in
 * user: the token is stored and the start-up refresh answers with `user` through the fetch mock.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi, type Mock } from 'vitest';
import type { UserDTO } from '@switchboard/shared';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import { ToastProvider } from '../components/Toasts';
import '../i18n';

export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>
          <ToastProvider>{ui}</ToastProvider>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Renders its children once the start-up refresh has produced a signed-in user. */
export function WhenSignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <>{children}</> : null;
}

/**
 * Renders a modal for a signed-in user (see signIn), handing it a spy to pass as `onClose`, so a
 * test can check the modal closed itself.
 */
export function renderSignedInModal(ui: (onClose: Mock<() => void>) => ReactNode, options?: { route?: string }) {
  const onClose = vi.fn<() => void>();
  renderWithProviders(<WhenSignedIn>{ui(onClose)}</WhenSignedIn>, options);
  return { onClose };
}

/** The text under the form field whose id is `id`: its validation message, if any. */
export const helperOf = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;

/** Each test starts clean: nothing rendered, fetch not stubbed, no stored token. */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

export function signIn(user: UserDTO) {
  localStorage.setItem('token', `token-of-${user.id}`);
  return { 'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: `token-of-${user.id}`, user } }) };
}

export { screen };
