/**
 * Environment → typed configuration. A bad value stops the start with a message naming the
 * variable, instead of failing later in some unrelated place.
 */
import path from 'node:path';
import { z } from 'zod';

const optionalPositiveInt = z
  .string()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .refine((n) => n >= 0 && n < 65536, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_REFRESH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_NAME: z.string().min(2).max(50).optional(),
  /** Maximum attendants and connections (spec §1: set by the provider). */
  USER_LIMIT: optionalPositiveInt,
  CONNECTIONS_LIMIT: optionalPositiveInt,
  /** Public origin(s) allowed for browsers, comma separated. Default: same origin as requested. */
  ALLOWED_ORIGINS: z.string().optional(),
  SIMULATOR: z.enum(['on', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from a reverse proxy (sets Secure cookies behind HTTPS). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Largest media file accepted, uploaded or received from a channel, in MB. */
  MEDIA_MAX_MB: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Largest total of the files of one upload request, in MB. */
  UPLOAD_MAX_REQUEST_MB: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Key that seals channel secrets at rest: 32 bytes as base64 or 64 hex digits. */
  SECRETS_KEY: z
    .string()
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes (base64) or 64 hex digits')
    .optional(),
  /** Base URL of Meta's Graph API (a stand-in server in tests). */
  WHATSAPP_CLOUD_GRAPH_URL: z.url('must be a URL').default('https://graph.facebook.com/v21.0'),
  /** Refused sends / reconnects of one connection within an hour that raise the admin banner. */
  CHANNEL_HEALTH_ALERT_REFUSALS: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  CHANNEL_HEALTH_ALERT_RECONNECTS: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtRefreshSecret: string | undefined;
  admin: { email?: string; password?: string; name?: string };
  userLimit: number | undefined;
  connectionsLimit: number | undefined;
  allowedOrigins: string[];
  simulatorEnabled: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** MEDIA_MAX_MB in bytes (default 100 MB). */
  mediaMaxBytes: number;
  /** UPLOAD_MAX_REQUEST_MB in bytes (default 200 MB). */
  uploadMaxRequestBytes: number;
  /** SECRETS_KEY decoded; without it the key lives in DATA_DIR/secrets.key. */
  secretsKey: Buffer | undefined;
  /** WHATSAPP_CLOUD_GRAPH_URL without a trailing slash. */
  cloudGraphUrl: string;
  /** CHANNEL_HEALTH_ALERT_REFUSALS / _RECONNECTS (default 5 each, per connection and hour). */
  channelHealthAlert: { refusals: number; reconnects: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    userLimit: e.USER_LIMIT,
    connectionsLimit: e.CONNECTIONS_LIMIT,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    simulatorEnabled: e.SIMULATOR ? e.SIMULATOR === 'on' : e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    mediaMaxBytes: (e.MEDIA_MAX_MB ?? 100) * 1024 * 1024,
    uploadMaxRequestBytes: (e.UPLOAD_MAX_REQUEST_MB ?? 200) * 1024 * 1024,
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, /^[0-9a-fA-F]{64}$/.test(e.SECRETS_KEY) ? 'hex' : 'base64') : undefined,
    cloudGraphUrl: e.WHATSAPP_CLOUD_GRAPH_URL.replace(/\/+$/, ''),
    channelHealthAlert: { refusals: e.CHANNEL_HEALTH_ALERT_REFUSALS ?? 5, reconnects: e.CHANNEL_HEALTH_ALERT_RECONNECTS ?? 5 },
  };
}
