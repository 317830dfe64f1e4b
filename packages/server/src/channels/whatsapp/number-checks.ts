/**
 * Recent answers to "does this number have WhatsApp?", per connection. Each lookup is a usync
 * query to WhatsApp; the same number checked for every message an outside system sends through
 * `/api/send` is the pattern WhatsApp's anti-spam systems punish. An existing number is
 * remembered for long (accounts rarely disappear), a missing one for less (the customer may
 * install WhatsApp today). Lookups of one number in flight at the same time are one lookup.
 */
export interface NumberCheckTtl {
  /** How long a number that has WhatsApp is not asked again. */
  existsMs: number;
  /** How long a number without WhatsApp is not asked again. */
  absentMs: number;
}

export const DEFAULT_NUMBER_CHECK_TTL: NumberCheckTtl = { existsMs: 24 * 3_600_000, absentMs: 3_600_000 };

/** Enough for a busy connection's day; the oldest answers go first. */
const MAX_ENTRIES = 50_000;

export class NumberChecks {
  /** digits → the canonical number (null: no WhatsApp) and when the answer expires. */
  private readonly answers = new Map<string, { number: string | null; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<string | null>>();

  constructor(
    private readonly ttl: NumberCheckTtl = DEFAULT_NUMBER_CHECK_TTL,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The canonical number for `digits`, or null when it has no WhatsApp: remembered, or from
   * `lookup`. A failed lookup (no answer) is not remembered.
   */
  async check(digits: string, lookup: () => Promise<string | null>): Promise<string | null> {
    const known = this.answers.get(digits);
    if (known && known.expiresAt > this.now()) return known.number;
    const pending = this.inFlight.get(digits);
    if (pending) return pending;
    const asked = lookup().then((number) => {
      this.remember(digits, number);
      return number;
    });
    this.inFlight.set(digits, asked);
    try {
      return await asked;
    } finally {
      this.inFlight.delete(digits);
    }
  }

  private remember(digits: string, number: string | null): void {
    this.answers.delete(digits);
    if (this.answers.size >= MAX_ENTRIES) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(digits, { number, expiresAt: this.now() + (number ? this.ttl.existsMs : this.ttl.absentMs) });
  }
}
