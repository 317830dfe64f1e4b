/**
 * Sign-in, refresh, logout and sign-up (BEHAVIOUR Auth). The password is checked before anything
 * else so a wrong password never learns about work hours; refresh re-checks the user on every use.
 */
import { allowed, type LoginInput, type SignupInput, type UserDTO } from '@switchboard/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { authSessions, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, isLegacyHash, safeEqual, verifyPassword } from '../../lib/passwords.js';
import { isWithinTimeRange } from '../../lib/time.js';
import { loadCurrentUser, presentUserById, type CurrentUser } from '../../store/users.js';
import type { UsersService } from '../users/service.js';
import { LoginThrottle } from './login-throttle.js';
import { REFRESH_TTL_SECONDS, TokenSigner, hashSecret, newRefreshSecret, nextRefreshSecret } from './tokens.js';

export interface SignedIn {
  token: string;
  user: UserDTO;
  /** Value for the refresh cookie. */
  refreshCookie: string;
}

export type Authenticated = { status: 'ok'; user: CurrentUser; exp: number } | { status: 'invalid' | 'ended' };

/** How long a rotated-away refresh cookie still works (requests already in flight with it). */
const ROTATION_GRACE_MS = 30_000;

// Verified against when the e-mail is unknown, so both answers take the same time.
const DUMMY_HASH_PROMISE = hashPassword('not-a-real-password');

/**
 * Ends every refresh session of a user, in the caller's transaction. A function rather than only a
 * method: the users module needs it and the auth service is built from the users service.
 */
export async function revokeAllSessions(clock: AppContext['clock'], db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

export class AuthService {
  readonly signer: TokenSigner;
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly ctx: AppContext,
    private readonly usersService: UsersService,
  ) {
    this.signer = new TokenSigner(ctx.secrets.jwtSecret);
    this.throttle = new LoginThrottle(ctx.db, ctx.clock);
  }

  async login(input: LoginInput, ip = ''): Promise<SignedIn> {
    await this.throttle.check(ip, input.email);
    const [row] = await this.ctx.db.select().from(users).where(eq(users.email, input.email));
    const ok = await verifyPassword(input.password, row?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!row || !ok) {
      await this.throttle.failed(ip, input.email);
      throw new AppError('ERR_INVALID_CREDENTIALS', 401);
    }
    await this.throttle.succeeded(ip, input.email);
    if (isLegacyHash(row.passwordHash)) {
      // An imported bcrypt hash: the password is known right now, so store it the current way.
      await this.ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password) })
        .where(eq(users.id, row.id));
    }
    const current = await loadCurrentUser(this.ctx.db, row.id);
    this.assertWithinWorkTime(current!);
    return this.startSession(current!);
  }

  /**
   * Exchanges the refresh cookie for a new access token and rotates the cookie. The next cookie is
   * derived from the presented one (nextRefreshSecret), so a rotated-away cookie presented within
   * the grace is answered with the cookie now current: two tabs refreshing at once end with the same
   * cookie, and a browser that never received a rotation's answer (the page was reloaded while the
   * refresh was in flight) is handed the cookie again instead of keeping one that dies with the
   * grace.
   */
  async refresh(cookie: string | undefined): Promise<Omit<SignedIn, 'refreshCookie'> & { refreshCookie: string | null }> {
    const expired = new AppError('ERR_SESSION_EXPIRED', 401);
    const [sessionId, secret] = (cookie ?? '').split('.');
    if (!sessionId || !secret) throw expired;
    const now = this.ctx.clock.now();
    const [session] = await this.ctx.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)));
    if (!session) throw expired;
    const presented = hashSecret(secret);
    const isCurrent = safeEqual(session.secretHash, presented);
    const inGrace =
      !isCurrent &&
      !!session.previousSecretHash &&
      safeEqual(session.previousSecretHash, presented) &&
      !!session.rotatedAt &&
      now.getTime() - session.rotatedAt.getTime() < ROTATION_GRACE_MS;
    if (!isCurrent && !inGrace) throw expired;
    const current = await loadCurrentUser(this.ctx.db, session.userId);
    if (!current) throw expired;
    this.assertWithinWorkTime(current);
    const refreshCookie = isCurrent ? await this.rotate(session, secret, now) : this.currentCookie(session, secret);
    return {
      token: await this.signer.sign(current.id, current.profile, undefined, current.sessionEpoch),
      user: (await presentUserById(this.ctx.db, current.id))!,
      refreshCookie,
    };
  }

  /**
   * A new secret for the refresh cookie; null keeps the presented one. Rotation limits how long a
   * stolen cookie lasts, but the session itself is valid: when the rotation cannot be written
   * (database refusing writes) the refresh still succeeds with the current cookie, and the failure
   * is logged rather than ending the user's session.
   */
  private async rotate(session: typeof authSessions.$inferSelect, presented: string, now: Date): Promise<string | null> {
    const newSecret = nextRefreshSecret(this.ctx.secrets.jwtRefreshSecret, presented);
    try {
      // When no row matches, a concurrent refresh of the same cookie rotated it first — to this same
      // secret, which is handed over too (two tabs, one cookie).
      await this.ctx.db
        .update(authSessions)
        .set({ secretHash: hashSecret(newSecret), previousSecretHash: session.secretHash, rotatedAt: now })
        .where(and(eq(authSessions.id, session.id), eq(authSessions.secretHash, session.secretHash)));
      return `${session.id}.${newSecret}`;
    } catch (err) {
      this.ctx.log.warn({ err, userId: session.userId }, 'refresh cookie not rotated; the current one stays valid');
      return null;
    }
  }

  /**
   * For a rotated-away cookie presented within the grace: the cookie its rotation made, when that is
   * still the current one (else the session rotated again since, and the browser holds a newer one).
   */
  private currentCookie(session: typeof authSessions.$inferSelect, presented: string): string | null {
    const next = nextRefreshSecret(this.ctx.secrets.jwtRefreshSecret, presented);
    return safeEqual(session.secretHash, hashSecret(next)) ? `${session.id}.${next}` : null;
  }

  async logout(cookie: string | undefined): Promise<void> {
    const [sessionId] = (cookie ?? '').split('.');
    if (!sessionId) return;
    await this.ctx.db.update(authSessions).set({ revokedAt: this.ctx.clock.now() }).where(eq(authSessions.id, sessionId));
  }

  /** Ends every refresh session of a user (password change, deletion). */
  revokeAllSessions(userId: number, db: DbOrTx = this.ctx.db): Promise<void> {
    return revokeAllSessions(this.ctx.clock, db, userId);
  }

  async signup(input: SignupInput): Promise<UserDTO> {
    if (!this.signupAllowed()) throw new AppError('ERR_USER_CREATION_DISABLED', 403);
    return this.usersService.createUnchecked({ ...input, profile: 'user' });
  }

  signupAllowed(): boolean {
    return this.ctx.settings.isEnabled('userCreation');
  }

  async me(actor: CurrentUser): Promise<UserDTO> {
    const dto = await presentUserById(this.ctx.db, actor.id);
    if (!dto) throw new AppError('ERR_NO_USER_FOUND', 404);
    return dto;
  }

  /**
   * Access-token check for HTTP and realtime: the live user behind a valid token; `invalid` for a
   * malformed, forged or expired token; `ended` when the user is gone or their sessions were ended
   * (session epoch bumped by a password change) after the token was issued.
   */
  async authenticate(token: string): Promise<Authenticated> {
    const claims = await this.signer.verify(token);
    if (!claims) return { status: 'invalid' };
    const user = await loadCurrentUser(this.ctx.db, claims.userId);
    if (!user || user.sessionEpoch !== claims.sessionEpoch) return { status: 'ended' };
    return { status: 'ok', user, exp: claims.exp };
  }

  private assertWithinWorkTime(user: CurrentUser): void {
    // Admins are never locked out by work hours: someone must always be able to fix the settings.
    if (allowed(user, 'session.outsideWorkHours')) return;
    const inside = isWithinTimeRange(this.ctx.clock.now(), user.startWork, user.endWork, this.ctx.settings.timeZone());
    if (!inside) throw new AppError('ERR_OUT_OF_HOURS', 401);
  }

  private async startSession(user: CurrentUser): Promise<SignedIn> {
    const id = randomUUID();
    const secret = newRefreshSecret();
    await this.ctx.db.insert(authSessions).values({
      id,
      userId: user.id,
      secretHash: hashSecret(secret),
      expiresAt: new Date(this.ctx.clock.now().getTime() + REFRESH_TTL_SECONDS * 1000),
    });
    return {
      token: await this.signer.sign(user.id, user.profile, undefined, user.sessionEpoch),
      user: (await presentUserById(this.ctx.db, user.id))!,
      refreshCookie: `${id}.${secret}`,
    };
  }
}
