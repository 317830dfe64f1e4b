import type { LoginInput, SignupInput, UserDTO } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, type Session } from './client';
import { queryKeys } from './queryKeys';

export type AuthSession = Session<UserDTO>;

export const authApi = {
  login: (input: LoginInput) =>
    apiRequest<AuthSession>('/auth/login', { method: 'POST', body: input, sessionCall: true }),
  signup: (input: SignupInput) =>
    apiRequest<UserDTO>('/auth/signup', { method: 'POST', body: input, sessionCall: true }),
  logout: () => apiRequest<void>('/auth/logout', { method: 'DELETE', sessionCall: true }),
  config: () => apiRequest<{ signupAllowed: boolean }>('/auth/config', { sessionCall: true }),
};

/** Whether the login page offers sign-up (GET /auth/config). */
export function useAuthConfig() {
  return useQuery({ queryKey: queryKeys.authConfig, queryFn: authApi.config, staleTime: 60_000 });
}
