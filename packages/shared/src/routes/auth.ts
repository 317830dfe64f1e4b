/**
 * Signing in and out (spec §4 Session). The refresh token is an httpOnly cookie the browser sends
 * itself, so refreshing takes no body; the answer carries a new access token.
 */
import { noContentSchema } from '../responses/common.js';
import { authConfigSchema, sessionSchema, userSchema } from '../responses/user.js';
import { loginSchema, signupSchema } from '../schemas/auth.js';
import { route } from './route.js';

export const AUTH_ROUTES = {
  login: route({ method: 'POST', path: '/auth/login', body: loginSchema, answer: sessionSchema }),
  refresh: route({ method: 'POST', path: '/auth/refresh_token', answer: sessionSchema }),
  logout: route({ method: 'DELETE', path: '/auth/logout', answer: noContentSchema, status: 204 }),
  /** Whether the login page offers sign-up. */
  config: route({ method: 'GET', path: '/auth/config', answer: authConfigSchema }),
  signup: route({ method: 'POST', path: '/auth/signup', body: signupSchema, answer: userSchema, status: 201 }),
  me: route({ method: 'GET', path: '/auth/me', answer: userSchema }),
};
