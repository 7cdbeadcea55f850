/**
 * A counting semaphore: at most `limit` holders at once, further callers wait in FIFO order.
 * Waiting is a queued promise (no polling); whoever holds a slot hands it straight to the next
 * waiter when done, whether its work succeeded or failed.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a semaphore needs a limit of at least 1, not ${limit}`);
  }

  /** Holders right now, and callers waiting for a slot (for tests and diagnostics). */
  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` once a slot is free and frees the slot when it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    // The slot is handed over by release(), so `active` stays counted for the waiter.
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
