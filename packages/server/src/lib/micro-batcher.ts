/**
 * Groups work submitted concurrently into batches: while a batch is
 * being written, new submissions accumulate and go together in the next one. Under load this turns
 * many small transactions into few larger ones; when idle, a submission is processed at once.
 */
export class MicroBatcher<I, R> {
  private queue: { item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = 0;

  /**
   * @param concurrency batches written at the same time: a few overlap their database round trips;
   *   callers that need order between two items must not submit the second before the first resolved.
   */
  constructor(
    private readonly processBatch: (items: I[]) => Promise<(R | Error)[]>,
    private readonly maxBatch = 200,
    private readonly concurrency = 1,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running >= this.concurrency) return;
    this.running += 1;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const results = await this.processBatch(batch.map((b) => b.item));
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
