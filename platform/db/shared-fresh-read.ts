/**
 * One read shared by concurrent callers without ever answering a caller with a read that started before its call
 * (`SharedFreshRead`): for a small query every request must make to be sure it sees what was committed before it
 * arrived (the listing's read-model head, projections/catalog/listing-index-source.ts), so that many requests in
 * flight cost one query each round trip instead of one each.
 *
 * - No read in flight: the call starts one, and gets its result.
 * - A read in flight: it may have taken its snapshot before a change the caller has seen committed, so the caller
 *   waits for the next read instead, which starts when the one in flight settles; every caller arriving meanwhile
 *   shares that next read.
 * A failed read rejects its own callers only; the next read is still made for those waiting on it.
 */
export class SharedFreshRead<T> {
  private inFlight: Promise<T> | null = null;
  private next: Promise<T> | null = null;

  /** @param read starts one read (e.g. a prepared statement) and answers its result. */
  constructor(private readonly read: () => Promise<T>) {}

  /** The result of a read that starts at or after this call. @throws what that read throws. */
  get(): Promise<T> {
    if (!this.inFlight) return this.start();
    this.next ??= this.inFlight.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  private start(): Promise<T> {
    this.next = null;
    const read = this.read();
    this.inFlight = read;
    const settled = () => {
      if (this.inFlight === read) this.inFlight = null;
    };
    read.then(settled, settled);
    return read;
  }
}
