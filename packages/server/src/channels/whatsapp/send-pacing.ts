/**
 * Pacing of one WhatsApp connection's sends. A number linked by QR that sends message after
 * message to different people with no pause looks like a bulk sender to WhatsApp's anti-spam
 * systems (refusals with 463, then bans). A person answering several chats takes at least a
 * moment between them, so a send to a different chat than the previous one waits for a random gap
 * (default 1–3 s, see docs/operations.md) counted from the end of the previous send; a send that
 * comes later than that waits for nothing. Messages in a row to the same chat (a reply in several
 * parts) go without a gap, as from a person. Sends are taken one at a time in call order, so the
 * outbox's order per chat is kept; each connection has its own pacer, so one connection's gaps
 * never hold another's sends.
 */
export interface SendGap {
  /** Shortest pause before a send to a different chat, in milliseconds. */
  minMs: number;
  /** Longest pause; each gap is drawn uniformly between the two. */
  maxMs: number;
}

export const DEFAULT_SEND_GAP: SendGap = { minMs: 1_000, maxMs: 3_000 };
export const NO_SEND_GAP: SendGap = { minMs: 0, maxMs: 0 };

export interface PacerDeps {
  now?: () => number;
  /** Waits `ms` (tests record the pauses instead of taking them). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) (Math.random). */
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SendPacer {
  private tail: Promise<unknown> = Promise.resolve();
  private lastChat: string | undefined;
  private lastEnd = 0;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(
    private readonly gap: SendGap = DEFAULT_SEND_GAP,
    deps: PacerDeps = {},
  ) {
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? realSleep;
    this.random = deps.random ?? Math.random;
  }

  /** Runs `send` after the sends before it, and after the gap when it goes to another chat. */
  run<T>(chat: string, send: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(async () => {
      const wait = this.waitBefore(chat);
      if (wait > 0) await this.sleep(wait);
      try {
        return await send();
      } finally {
        this.lastChat = chat;
        this.lastEnd = this.now();
      }
    });
    // The next send waits for this one to end, whatever its outcome (the caller sees the failure).
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private waitBefore(chat: string): number {
    if (this.lastChat === undefined || this.lastChat === chat || this.gap.maxMs <= 0) return 0;
    const gap = this.gap.minMs + this.random() * Math.max(0, this.gap.maxMs - this.gap.minMs);
    return Math.max(0, Math.round(this.lastEnd + gap - this.now()));
  }
}
