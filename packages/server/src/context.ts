/**
 * What every service needs, built once by buildApp and passed explicitly (no globals), so tests
 * can build as many independent apps as they like.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db, DbOrTx } from './db/client.js';
import type { Secrets } from './lib/data-dir.js';
import type { Realtime } from './realtime/realtime.js';
import type { MediaLinks } from './lib/media-links.js';
import type { SettingsService } from './store/settings.js';
import type { RealtimeEventName, RealtimePayload, WebhookEventName } from '@switchboard/shared';
import type { Audience } from './realtime/announce.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  secrets: Secrets;
  clock: Clock;
  log: FastifyBaseLogger;
  realtime: Realtime;
  settings: SettingsService;
  /** Signed links to messages' media (what presented messages carry as mediaUrl). */
  mediaLinks: MediaLinks;
  /** Outgoing webhooks: announcements publish their event here (absent in harnesses without webhooks). */
  webhooks?: EventPublisher;
  /** Web Push: announcements pass here to become pushes to users' devices (absent in harnesses without push). */
  push?: PushPublisher;
}

export interface PushPublisher {
  /** Looks at an announcement after its change is done; any push is chosen and sent in the background. */
  consider<K extends RealtimeEventName>(to: Audience, name: K, payload: RealtimePayload<K>): void;
}

export interface EventPublisher {
  /** Queues an event after its change committed (changes made outside a transaction). */
  publish(event: WebhookEventName, orderingKey: string, data: unknown): void;
  /**
   * Writes an event's deliveries in the change's own transaction (a transactional outbox): they
   * commit or roll back with the change. Returns whether any webhook wanted it.
   */
  enqueue(tx: DbOrTx, event: WebhookEventName, orderingKey: string, data: unknown): Promise<boolean>;
  /** Deliveries were committed: deliver what is due now rather than at the next poll. */
  kick(): void;
}
