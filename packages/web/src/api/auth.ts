import { authConfigSchema, sessionSchema, userSchema, type LoginInput, type SignupInput } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type Session } from './client';
import { queryKeys } from './queryKeys';

export type AuthSession = Session;

export const authApi = {
  login: (input: LoginInput) => apiRequest('/auth/login', sessionSchema, { method: 'POST', body: input, sessionCall: true }),
  signup: (input: SignupInput) => apiRequest('/auth/signup', userSchema, { method: 'POST', body: input, sessionCall: true }),
  logout: () => apiRequest('/auth/logout', z.undefined(), { method: 'DELETE', sessionCall: true }),
  config: () => apiRequest('/auth/config', authConfigSchema, { sessionCall: true }),
};

/** Whether the login page offers sign-up (GET /auth/config). */
export function useAuthConfig() {
  return useQuery({ queryKey: queryKeys.authConfig, queryFn: authApi.config, staleTime: 60_000 });
}
