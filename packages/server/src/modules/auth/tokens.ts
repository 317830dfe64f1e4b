/** Access tokens: short-lived HS256 JWTs. Refresh secrets: random, only their hash is stored. */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 3600;

export interface AccessClaims {
  userId: number;
  profile: string;
  /** The user's session epoch when the token was issued; a newer one in the database ends it. */
  sessionEpoch: number;
  /** Epoch seconds. */
  exp: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: number, profile: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, sessionEpoch = 0): Promise<string> {
    return (
      new SignJWT({ profile, sep: sessionEpoch })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        // Real time, not the app's clock: a credential's 15-minute lifetime is a timeout (never stored;
        // the refresh session, which is stored, follows the app's clock).
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(this.key)
    );
  }

  /** The token's claims, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.exp !== 'number') return null;
      const sessionEpoch = payload.sep === undefined ? 0 : payload.sep;
      if (typeof sessionEpoch !== 'number' || !Number.isInteger(sessionEpoch)) return null;
      return { userId, profile: typeof payload.profile === 'string' ? payload.profile : '', sessionEpoch, exp: payload.exp };
    } catch {
      return null;
    }
  }
}

export function newRefreshSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The secret a refresh cookie's secret rotates to: derived from it under the server's refresh key,
 * so every request that presents the same cookie within the grace is handed the same next cookie
 * (the one stored at the first rotation), while nobody without the key can compute it.
 */
export function nextRefreshSecret(key: string, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
