import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, installFetchMock } from '../../test/fetchMock';
import { userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen } from '../../test/renderWithProviders';
import LoginPage from './LoginPage';

cleanUpAfterEach();

const input = (id: string) => screen.getByTestId<HTMLInputElement>(id);

describe('Login page', () => {
  it('shows Required and Invalid email without calling the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({ 'GET /api/auth/config': () => json(200, { signupAllowed: false }) });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findAllByText('Required')).toHaveLength(2);

    await user.type(input('login-email'), 'nope');
    await user.type(input('login-password'), 'whatever');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('signs in with valid credentials and stores the token', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      'GET /api/auth/config': () => json(200, { signupAllowed: false }),
      'POST /api/auth/login': () => json(200, { token: 'fresh', user: userFixture() }),
    });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(input('login-email'), 'Admin@Example.com');
    await user.type(input('login-password'), 'password1');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(callsTo('POST /api/auth/login')).toHaveLength(1));
    expect(callsTo('POST /api/auth/login')[0].body).toEqual({ email: 'admin@example.com', password: 'password1' });
    await waitFor(() => expect(localStorage.getItem('token')).toBe('fresh'));
  });

  it('translates a refused login', async () => {
    const user = userEvent.setup();
    installFetchMock({
      'GET /api/auth/config': () => json(200, { signupAllowed: false }),
      'POST /api/auth/login': () => json(401, { error: 'ERR_INVALID_CREDENTIALS' }),
    });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(input('login-email'), 'admin@example.com');
    await user.type(input('login-password'), 'wrong');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Authentication error. Please try again.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers sign-up only when the server allows it, with the spec messages', async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      'GET /api/auth/config': () => json(200, { signupAllowed: true }),
      'POST /api/auth/signup': () => json(201, userFixture({ id: 3, profile: 'user' })),
    });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(await screen.findByTestId('signup-toggle'));
    await user.type(input('signup-name'), 'A');
    await user.type(input('signup-email'), 'x');
    await user.type(input('signup-password'), '123');
    await user.click(screen.getByTestId('signup-submit'));
    expect(await screen.findAllByText('Too Short!')).toHaveLength(2);
    expect(screen.getByText('Invalid email')).toBeTruthy();

    await user.type(input('signup-name'), 'na');
    await user.clear(input('signup-email'));
    await user.type(input('signup-email'), 'ana@example.com');
    await user.type(input('signup-password'), '45');
    await user.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(callsTo('POST /api/auth/signup')).toHaveLength(1));
    expect(callsTo('POST /api/auth/signup')[0].body).toEqual({ name: 'Ana', email: 'ana@example.com', password: '12345' });
  });

  it('hides sign-up when the server does not allow it', async () => {
    installFetchMock({ 'GET /api/auth/config': () => json(200, { signupAllowed: false }) });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(screen.getByTestId('login-form')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('signup-toggle')).toBeNull();
  });
});
