/** The longest a batch waits to fill (`gather`), however long the previous one took (a stalled database). */
const MAX_FILL_WAIT_MS = 20;

/**
 * Groups work submitted concurrently into batches: while a batch is
 * being written, new submissions accumulate and go together in the next one. Under load this turns
 * many small transactions into few larger ones; when idle, a submission is processed at once.
 */
export class MicroBatcher<I, R> {
  private queue: { item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = 0;
  /** The previous batch's size and how long it took (`gather`). */
  private last = { size: 0, ms: 0 };
  /** Set while a batch waits to fill (`gather`): called once enough items are queued. */
  private filled: { want: number; wake: () => void } | null = null;

  /**
   * @param concurrency batches written at the same time: a few overlap their database round trips;
   *   callers that need order between two items must not submit the second before the first resolved.
   * @param gather let a batch fill before it is taken (see `fill`); for one batch at a time.
   */
  constructor(
    private readonly processBatch: (items: I[]) => Promise<(R | Error)[]>,
    private readonly maxBatch = 200,
    private readonly concurrency = 1,
    private readonly gather = false,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.filled && this.queue.length >= this.filled.want) this.filled.wake();
      void this.pump();
    });
  }

  /**
   * Waits for the rest of the event-loop turn, then — when fewer items are queued than half the
   * previous batch — for that many, at most a quarter of the previous batch's time. A batch costs
   * about the same whether it holds one item or sixty (its round trips), and callers that submit
   * again once their previous item resolved come back together: taken the moment the previous
   * batch ends, a batch holds only what was queued then, and a steady load splits into a lone item
   * and all the others, every other batch written for one. The wait is bounded by the batches'
   * own time (and MAX_FILL_WAIT_MS), and under a light load (batches of one or two) there is none.
   */
  private async fill(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const want = Math.ceil(this.last.size / 2);
    if (this.queue.length >= want) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.filled = null;
        resolve();
      };
      const timer = setTimeout(wake, Math.min(this.last.ms / 4, MAX_FILL_WAIT_MS));
      this.filled = { want, wake };
    });
  }

  private async pump(): Promise<void> {
    if (this.running >= this.concurrency) return;
    this.running += 1;
    try {
      while (this.queue.length) {
        if (this.gather) await this.fill();
        const batch = this.queue.splice(0, this.maxBatch);
        const started = performance.now();
        try {
          const results = await this.processBatch(batch.map((b) => b.item));
          this.last = { size: batch.length, ms: performance.now() - started };
          batch.forEach((b, i) => {
            const r = results[i];
            if (r instanceof Error) b.reject(r);
            else b.resolve(r);
          });
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      this.running -= 1;
    }
  }
}
