/**
 * The inbound journal: a channel event that could not be stored is written here, in the data
 * directory, before the channel is told it arrived; it is replayed until it is stored. An event
 * that keeps failing is set aside ("poisoned") — never deleted — and listed for admins, who can
 * send it through again once the cause is fixed.
 *
 * One file per event, written to a temporary name, flushed and renamed, so a crash leaves either
 * the whole event or nothing.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Clock } from '../context.js';
import type { DriverEvent, InboundMessage } from './driver.js';

/** Replays before an event is set aside. */
export const MAX_REPLAY_ATTEMPTS = 5;

export type JournalState = 'pending' | 'poisoned';

export interface JournalEntry {
  id: string;
  state: JournalState;
  connectionId: number;
  event: DriverEvent;
  receivedAt: string;
  attempts: number;
  error: string;
}

/** What an admin sees of an entry (the event's kind and chat, not its whole content). */
export interface JournalSummary {
  id: string;
  state: JournalState;
  connectionId: number;
  type: DriverEvent['type'];
  chat: string | null;
  receivedAt: string;
  attempts: number;
  error: string;
}

interface StoredMedia {
  mimetype: string;
  filename?: string;
  /** Base64 bytes; absent when the download failed (the message is stored marked as such). */
  data?: string;
}

type SerializedEvent = Record<string, unknown> & { type: DriverEvent['type'] };

const ID_PATTERN = /^[0-9]{13}-[0-9a-f-]{36}$/;

export class InboundJournal {
  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {}

  private folder(state: JournalState): string {
    return path.join(this.dir, state);
  }

  /** Writes the event durably; rejects when it cannot (the event must then not be acknowledged). */
  keep(connectionId: number, event: DriverEvent, error: unknown): Promise<JournalEntry> {
    return this.add('pending', connectionId, event, error);
  }

  /** Writes an event straight to the set-aside entries (it cannot be stored by replaying it). */
  setAside(connectionId: number, event: DriverEvent, error: unknown): Promise<JournalEntry> {
    return this.add('poisoned', connectionId, event, error);
  }

  private async add(state: JournalState, connectionId: number, event: DriverEvent, error: unknown): Promise<JournalEntry> {
    const receivedAt = this.clock.now();
    const entry: JournalEntry = {
      id: `${receivedAt.getTime()}-${randomUUID()}`,
      state,
      connectionId,
      event,
      receivedAt: receivedAt.toISOString(),
      attempts: 0,
      error: describe(error),
    };
    await this.write(entry);
    return entry;
  }

  async list(state?: JournalState): Promise<JournalEntry[]> {
    const states: JournalState[] = state ? [state] : ['pending', 'poisoned'];
    const out: JournalEntry[] = [];
    for (const s of states) {
      const names = await fs.readdir(this.folder(s)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
        const entry = await this.read(s, name.slice(0, -'.json'.length));
        if (entry) out.push(entry);
      }
    }
    return out;
  }

  async counts(): Promise<{ pending: number; poisoned: number }> {
    const count = async (s: JournalState) =>
      (await fs.readdir(this.folder(s)).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).length;
    return { pending: await count('pending'), poisoned: await count('poisoned') };
  }

  async find(id: string): Promise<JournalEntry | null> {
    if (!ID_PATTERN.test(id)) return null;
    return (await this.read('pending', id)) ?? (await this.read('poisoned', id));
  }

  /** The event was stored: its entry goes. */
  async remove(entry: JournalEntry): Promise<void> {
    await fs.rm(this.file(entry.state, entry.id), { force: true });
  }

  /** Another replay failed: counted, and set aside after too many. */
  async failed(entry: JournalEntry, error: unknown): Promise<void> {
    const next: JournalEntry = { ...entry, attempts: entry.attempts + 1, error: describe(error) };
    if (next.attempts >= MAX_REPLAY_ATTEMPTS && entry.state === 'pending') {
      next.state = 'poisoned';
      await this.write(next);
      await fs.rm(this.file('pending', entry.id), { force: true });
      return;
    }
    await this.write(next);
  }

  private file(state: JournalState, id: string): string {
    return path.join(this.folder(state), `${id}.json`);
  }

  private async write(entry: JournalEntry): Promise<void> {
    const folder = this.folder(entry.state);
    await fs.mkdir(folder, { recursive: true });
    const target = this.file(entry.state, entry.id);
    const temp = `${target}.${randomUUID()}.tmp`;
    const body = JSON.stringify({ ...entry, event: await serialize(entry.event) });
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
    const dir = await fs.open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  private async read(state: JournalState, id: string): Promise<JournalEntry | null> {
    let text: string;
    try {
      text = await fs.readFile(this.file(state, id), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const raw = JSON.parse(text) as Omit<JournalEntry, 'event'> & { event: SerializedEvent };
    return { ...raw, state, event: deserialize(raw.event) };
  }
}

export function summarize(entry: JournalEntry): JournalSummary {
  const e = entry.event;
  const chat =
    e.type === 'message'
      ? e.message.chat.id
      : e.type === 'revoke' || e.type === 'reaction'
        ? e.chat.id
        : e.type === 'call'
          ? e.from
          : e.type === 'contact'
            ? e.number
            : null;
  return {
    id: entry.id,
    state: entry.state,
    connectionId: entry.connectionId,
    type: e.type,
    chat,
    receivedAt: entry.receivedAt,
    attempts: entry.attempts,
    error: entry.error,
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message !== error.message ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * The journal is a fallback for when the database is down: it keeps media bytes inline up to this
 * size. A larger file is kept without its bytes rather than held whole in memory.
 */
const JOURNAL_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buf.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new Error('media too large to journal');
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Dates become ISO strings; a message's media is downloaded now so the journal holds its bytes. */
async function serialize(event: DriverEvent): Promise<SerializedEvent> {
  if (event.type === 'message') {
    const { media, timestamp, ...rest } = event.message;
    let stored: StoredMedia | undefined;
    if (media) {
      stored = { mimetype: media.mimetype, filename: media.filename };
      try {
        stored.data = (await readCapped(await media.open(), JOURNAL_MEDIA_MAX_BYTES)).toString('base64');
      } catch {
        // Kept without its bytes (unreadable, or too large to journal): the replay stores the
        // message marked ERR_WAPP_DOWNLOAD_MEDIA.
      }
    }
    return { type: 'message', message: { ...rest, timestamp: timestamp.toISOString(), media: stored } };
  }
  if (event.type === 'call') return { ...event, timestamp: event.timestamp.toISOString() };
  return { ...event };
}

function deserialize(raw: SerializedEvent): DriverEvent {
  if (raw.type === 'message') {
    const m = raw.message as Omit<InboundMessage, 'timestamp' | 'media'> & { timestamp: string; media?: StoredMedia };
    const { media, timestamp, ...rest } = m;
    return {
      type: 'message',
      message: {
        ...rest,
        timestamp: new Date(timestamp),
        media: media
          ? {
              mimetype: media.mimetype,
              filename: media.filename,
              // eslint-disable-next-line @typescript-eslint/require-await -- a missing download is a rejected promise, like any other failing open()
              open: async () => {
                if (media.data === undefined) throw new Error('media could not be downloaded when the message arrived');
                return Readable.from([Buffer.from(media.data, 'base64')]);
              },
            }
          : undefined,
      },
    };
  }
  if (raw.type === 'call')
    return { ...(raw as unknown as Extract<DriverEvent, { type: 'call' }>), timestamp: new Date(raw.timestamp as string) };
  return raw as unknown as DriverEvent;
}
