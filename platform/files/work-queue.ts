/**
 * A bounded work queue (a counting semaphore with a bounded FIFO of waiters), for work that costs a lot of CPU and
 * memory per call, such as decoding and resizing an uploaded image (platform/files/images.ts): at most `limit`
 * tasks run at once in this process, at most `maxWaiting` more wait their turn in arrival order, and a task beyond
 * that is refused at once with {@link WorkQueueFullError} (the caller answers "try again in a few seconds"), so a
 * burst of calls can neither run the process out of memory nor starve every other request of CPU.
 *
 *   const queue = new WorkQueue(2, 20);
 *   const result = await queue.run(() => expensive());   // waits for a slot; throws WorkQueueFullError when full
 */

/** The queue already runs `limit` tasks and holds `maxWaiting` waiting ones. */
export class WorkQueueFullError extends Error {
  constructor() {
    super('The work queue is full');
    this.name = 'WorkQueueFullError';
  }
}

export class WorkQueue {
  private active = 0;
  private readonly waiters: (() => void)[] = [];

  /**
   * @param limit tasks that may run at once (at least 1)
   * @param maxWaiting tasks that may wait for a slot (0: none wait, a busy queue refuses at once)
   */
  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number of at least 1, got ${limit}`);
  }

  /** Tasks running now and tasks waiting for a slot. */
  get stats(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.waiters.length };
  }

  /**
   * Runs `task` once a slot is free (FIFO) and answers its result; the slot is released however the task ends.
   * @throws WorkQueueFullError when `limit` tasks run and `maxWaiting` wait already; else whatever `task` throws
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    else if (this.waiters.length >= this.maxWaiting) throw new WorkQueueFullError();
    // A released slot is handed straight to the first waiter (`active` stays counted for it).
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.active--;
    }
  }
}
