/**
 * Environment → typed configuration. A bad value stops the start with a message naming the
 * variable, instead of failing later in some unrelated place.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseWebVersion, type WebVersion } from './channels/whatsapp/web-version.js';
import { parseTrustProxy, type TrustProxy } from './lib/client-address.js';
import type { WebchatLimitsConfig } from './channels/webchat/limits.js';

const optionalPositiveInt = z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).optional();

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
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
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
  /**
   * The address users reach the server at (`https://support.example.com`): media links become
   * absolute, as clients served from another origin (ALLOWED_ORIGINS) need them.
   */
  PUBLIC_URL: z
    .url('must be a URL')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  /** How long a signed media link stays valid, in minutes. */
  MEDIA_LINK_MINUTES: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  SIMULATOR: z.enum(['on', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The reverse proxies whose X-Forwarded-* are believed: false, true (proxies on this machine), a
   * number of hops, or a comma list of addresses/CIDRs (lib/client-address.ts).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .superRefine((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
    }),
  /** Largest media file accepted, uploaded or received from a channel, in MB. */
  MEDIA_MAX_MB: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Largest total of the files of one upload request, in MB. */
  UPLOAD_MAX_REQUEST_MB: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Key that seals channel secrets at rest: 32 bytes as base64 or 64 hex digits. */
  SECRETS_KEY: z
    .string()
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes (base64) or 64 hex digits')
    .optional(),
  /** Open realtime sockets of one user on one server process. */
  SOCKETS_PER_USER: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Web chat socket handshakes from one address per minute. */
  WEBCHAT_HANDSHAKES_PER_MINUTE: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Web chat visitors: largest file, daily upload totals, new conversations, expiry (channels/webchat/limits.ts). */
  WEBCHAT_UPLOAD_MAX_MB: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  WEBCHAT_VISITOR_DAILY_MB: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  WEBCHAT_CONNECTION_DAILY_MB: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  WEBCHAT_NEW_CONVERSATIONS_PER_MINUTE: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  WEBCHAT_VISITOR_EXPIRY_DAYS: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Base URL of Meta's Graph API (a stand-in server in tests). */
  WHATSAPP_CLOUD_GRAPH_URL: z.url('must be a URL').default('https://graph.facebook.com/v21.0'),
  /** Deliver outgoing webhooks to this machine and private networks (loopback, 10/8, 169.254/16 …). */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** Web Push VAPID key pair (base64url: 65-byte public point, 32-byte private scalar); generated into DATA_DIR/vapid.json when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url of a 65-byte P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url of a 32-byte P-256 private key')
    .optional(),
  /** Who push services contact about this server's pushes: a mailto: or https: URL (RFC 8292). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL')
    .optional(),
  /** Development and tests only: push endpoints may be plain http on loopback (a local stand-in push service). */
  PUSH_ALLOW_LOOPBACK_HTTP: z.enum(['true', 'false']).default('false'),
  /** Words a customer writes alone to opt out of bulk messages, and to opt back in (comma-separated, any case). */
  OPT_OUT_WORDS: z.string().max(1000).default('STOP,SAIR,PARAR,BAJA,CANCELAR'),
  OPT_IN_WORDS: z.string().max(1000).default('START,VOLTAR,VOLVER'),
  /** Pause between a WhatsApp-by-QR connection's sends to different chats: "min-max" ms, or "0". */
  WHATSAPP_SEND_GAP_MS: z
    .string()
    .regex(/^(0|\d+-\d+)$/, 'must be "min-max" in milliseconds (e.g. 1000-3000), or 0')
    .refine((v) => v === '0' || Number(v.split('-')[0]) <= Number(v.split('-')[1]), 'min must not exceed max')
    .default('1000-3000'),
  /** How long a number check is remembered: hours for a number on WhatsApp, minutes for one that is not. */
  WHATSAPP_NUMBER_CHECK_HOURS: optionalPositiveInt,
  WHATSAPP_NUMBER_CHECK_ABSENT_MINUTES: optionalPositiveInt,
  /** The WhatsApp Web version to log in with (e.g. 2.3000.1027934701); fetched at start when unset. */
  WHATSAPP_WEB_VERSION: z
    .string()
    .refine((v) => parseWebVersion(v) !== undefined, 'must be a version like 2.3000.1027934701')
    .optional(),
  /** Refused sends / reconnects of one connection within an hour that raise the admin banner. */
  CHANNEL_HEALTH_ALERT_REFUSALS: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  CHANNEL_HEALTH_ALERT_RECONNECTS: optionalPositiveInt.refine((n) => n === undefined || n >= 1, 'must be at least 1'),
  /** Bearer token that /metrics asks for on the app's port (docs/operations.md "Metrics"). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A separate host:port serving /metrics (a port only monitoring reaches). */
  METRICS_LISTEN: z
    .string()
    .regex(/^(\[[0-9a-fA-F:]+\]|[^:\s]+):\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9464')
    .refine((v) => Number(v.slice(v.lastIndexOf(':') + 1)) < 65536, 'port must be below 65536')
    .optional(),
  /**
   * Fault injection for the cluster test, refused in production: the process kills itself
   * (SIGKILL) right after storing a customer message with exactly this text, before announcing it.
   */
  FAULT_KILL_AFTER_STORING: z.string().min(1).optional(),
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
  /** PUBLIC_URL without a trailing slash ('' when unset: media links are relative). */
  publicUrl: string;
  /** MEDIA_LINK_MINUTES in seconds (default 60 minutes). */
  mediaLinkSeconds: number;
  simulatorEnabled: boolean;
  logLevel: string;
  /** Which proxies' X-Forwarded-* are believed (lib/client-address.ts). */
  trustProxy: TrustProxy;
  /** MEDIA_MAX_MB in bytes (default 100 MB). */
  mediaMaxBytes: number;
  /** UPLOAD_MAX_REQUEST_MB in bytes (default 200 MB). */
  uploadMaxRequestBytes: number;
  /** SECRETS_KEY decoded; without it the key lives in DATA_DIR/secrets.key. */
  secretsKey: Buffer | undefined;
  /** WHATSAPP_CLOUD_GRAPH_URL without a trailing slash. */
  cloudGraphUrl: string;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may target loopback, private and link-local addresses. */
  webhooksAllowPrivate: boolean;
  /** Web Push: the VAPID keys from the environment (both or neither), the subject, and the loopback allowance. */
  push: { publicKey?: string; privateKey?: string; subject?: string; allowLoopbackHttp: boolean };
  /** OPT_OUT_WORDS and OPT_IN_WORDS, normalised (upper case, no accents). */
  optOut: { outWords: string[]; inWords: string[] };
  /** WhatsApp-by-QR sends: WHATSAPP_SEND_GAP_MS and the WHATSAPP_NUMBER_CHECK_* lifetimes, in ms. */
  whatsappSends: { sendGap: { minMs: number; maxMs: number }; numberCheckTtl: { existsMs: number; absentMs: number } };
  /** WHATSAPP_WEB_VERSION parsed; undefined: fetched from WhatsApp Web at start. */
  whatsappWebVersion?: WebVersion;
  /** SOCKETS_PER_USER (default 20). */
  socketsPerUser: number;
  /** WEBCHAT_HANDSHAKES_PER_MINUTE (default 30). */
  webchatHandshakesPerMinute: number;
  /** Web chat visitors' limits (WEBCHAT_*), in bytes and counts. */
  webchat: WebchatLimitsConfig;
  /** CHANNEL_HEALTH_ALERT_REFUSALS / _RECONNECTS (default 5 each, per connection and hour). */
  channelHealthAlert: { refusals: number; reconnects: number };
  /** /metrics: its token and its own listen address; off when neither is set. */
  metrics: { token: string | undefined; listen: { host: string; port: number } | undefined };
  /** FAULT_KILL_AFTER_STORING (never in production). */
  faultKillAfterStoring: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FAULT_KILL_AFTER_STORING && e.NODE_ENV === 'production')
    throw new ConfigError('Invalid configuration:\n  FAULT_KILL_AFTER_STORING: is for tests, never in production');
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
    publicUrl: (e.PUBLIC_URL ?? '').replace(/\/+$/, ''),
    mediaLinkSeconds: (e.MEDIA_LINK_MINUTES ?? 60) * 60,
    simulatorEnabled: e.SIMULATOR ? e.SIMULATOR === 'on' : e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) as TrustProxy,
    mediaMaxBytes: (e.MEDIA_MAX_MB ?? 100) * 1024 * 1024,
    uploadMaxRequestBytes: (e.UPLOAD_MAX_REQUEST_MB ?? 200) * 1024 * 1024,
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY, /^[0-9a-fA-F]{64}$/.test(e.SECRETS_KEY) ? 'hex' : 'base64') : undefined,
    cloudGraphUrl: e.WHATSAPP_CLOUD_GRAPH_URL.replace(/\/+$/, ''),
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      allowLoopbackHttp: e.PUSH_ALLOW_LOOPBACK_HTTP === 'true',
    },
    optOut: { outWords: keywordList(e.OPT_OUT_WORDS), inWords: keywordList(e.OPT_IN_WORDS) },
    whatsappSends: {
      sendGap: (([min, max]) => ({ minMs: min, maxMs: max ?? min }))(e.WHATSAPP_SEND_GAP_MS.split('-').map(Number)),
      numberCheckTtl: {
        existsMs: (e.WHATSAPP_NUMBER_CHECK_HOURS ?? 24) * 3_600_000,
        absentMs: (e.WHATSAPP_NUMBER_CHECK_ABSENT_MINUTES ?? 60) * 60_000,
      },
    },
    whatsappWebVersion: e.WHATSAPP_WEB_VERSION ? parseWebVersion(e.WHATSAPP_WEB_VERSION) : undefined,
    socketsPerUser: e.SOCKETS_PER_USER ?? 20,
    webchatHandshakesPerMinute: e.WEBCHAT_HANDSHAKES_PER_MINUTE ?? 30,
    webchat: {
      uploadMaxBytes: (e.WEBCHAT_UPLOAD_MAX_MB ?? 10) * 1024 * 1024,
      visitorDailyBytes: (e.WEBCHAT_VISITOR_DAILY_MB ?? 50) * 1024 * 1024,
      connectionDailyBytes: (e.WEBCHAT_CONNECTION_DAILY_MB ?? 1000) * 1024 * 1024,
      newConversationsPerMinute: e.WEBCHAT_NEW_CONVERSATIONS_PER_MINUTE ?? 30,
      visitorExpiryDays: e.WEBCHAT_VISITOR_EXPIRY_DAYS ?? 90,
    },
    channelHealthAlert: { refusals: e.CHANNEL_HEALTH_ALERT_REFUSALS ?? 5, reconnects: e.CHANNEL_HEALTH_ALERT_RECONNECTS ?? 5 },
    metrics: { token: e.METRICS_TOKEN, listen: e.METRICS_LISTEN ? hostPort(e.METRICS_LISTEN) : undefined },
    faultKillAfterStoring: e.FAULT_KILL_AFTER_STORING,
  };
}

/** "host:port" (IPv6 in brackets) → its parts. */
function hostPort(value: string): { host: string; port: number } {
  const at = value.lastIndexOf(':');
  return { host: value.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(value.slice(at + 1)) };
}

/** A word as a customer might type it: accents and case do not matter ("Sáir" is SAIR). */
export function normaliseKeyword(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();
}

function keywordList(list: string): string[] {
  return list.split(',').map(normaliseKeyword).filter(Boolean);
}
