import { AUTH_ROUTES as R, type LoginInput, type SignupInput } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { call, type Session } from './client';
import { queryKeys } from './queryKeys';

export type AuthSession = Session;

export const authApi = {
  // Session calls: a refused sign-in is the caller's to show, not the end of a session.
  login: (input: LoginInput) => call(R.login, { body: input, sessionCall: true }),
  signup: (input: SignupInput) => call(R.signup, { body: input, sessionCall: true }),
  logout: () => call(R.logout, { sessionCall: true }),
  config: () => call(R.config, { sessionCall: true }),
};

/** Whether the login page offers sign-up (GET /auth/config). */
export function useAuthConfig() {
  return useQuery({ queryKey: queryKeys.authConfig, queryFn: authApi.config, staleTime: 60_000 });
}
