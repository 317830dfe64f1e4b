/**
 * Who is signed in. On start, a stored token means a session may exist: one refresh
 * (POST /auth/refresh_token) confirms it and returns the current user. The HTTP client reports a
 * finished session here, which sends the user to /login.
 */
import type { LoginInput, UserDTO } from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/ApiError';
import { authApi } from '../api/auth';
import { refreshSession, setSessionHooks } from '../api/client';
import { clearMediaCache } from '../api/mediaBlob';
import { tokenStore } from '../api/tokenStore';
import { whenOnline } from '../pwa/useOnline';

export interface AuthState {
  user: UserDTO | null;
  /** True until the start-up refresh has answered. */
  loading: boolean;
  login: (input: LoginInput) => Promise<UserDTO>;
  logout: () => Promise<void>;
  /** Keep the signed-in user in step with edits (own profile, realtime updates). */
  updateUser: (user: UserDTO) => void;
}

/** Between tries to reach the server at start-up while it does not answer. */
const START_RETRY_MS = 5000;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, START_RETRY_MS));

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserDTO | null>(null);
  const [loading, setLoading] = useState(() => tokenStore.get() != null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const endSession = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    // Nothing cached for one user may be shown to the next one.
    queryClient.clear();
    clearMediaCache();
  }, [queryClient]);

  useEffect(() => {
    setSessionHooks({
      onSessionEnded: endSession,
      onRefreshed: (session) => setUser(session.user),
    });
  }, [endSession]);

  useEffect(() => {
    if (!tokenStore.get()) return;
    let cancelled = false;
    // Opened without a network (the installed app, offline): the session is not over, the server
    // is just out of reach. Keep the token and wait for the network instead of signing out.
    const confirm = (): Promise<void> =>
      refreshSession().then(
        (session) => {
          if (!cancelled) setUser(session.user);
        },
        (err: unknown) => {
          if (cancelled) return;
          if (isApiError(err) && err.status === 0) return (navigator.onLine ? pause() : whenOnline()).then(confirm);
          endSession();
        },
      );
    void confirm().finally(() => {
      if (!cancelled) setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, [endSession]);

  const login = useCallback(async (input: LoginInput) => {
    const session = await authApi.login(input);
    tokenStore.set(session.token);
    setUser(session.user);
    return session.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The local session ends whether or not the server could be told.
    }
    endSession();
    void navigate('/login', { replace: true });
  }, [endSession, navigate]);

  const updateUser = useCallback((next: UserDTO) => {
    setUser((current) => (current && current.id === next.id ? next : current));
  }, []);

  const value = useMemo<AuthState>(() => ({ user, loading, login, logout, updateUser }), [user, loading, login, logout, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

/** The signed-in user inside private routes (the guard guarantees there is one). */
export function useCurrentUser(): UserDTO {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser used outside a private route');
  return user;
}
