/**
 * Renders a component inside the app's providers (query cache, router, auth, toasts) with a signed-in
 * user: the token is stored and the start-up refresh answers with `user` through the fetch mock.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
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

export function signIn(user: UserDTO) {
  localStorage.setItem('token', `token-of-${user.id}`);
  return { 'POST /api/auth/refresh_token': () => ({ status: 200, body: { token: `token-of-${user.id}`, user } }) };
}

export { screen };
