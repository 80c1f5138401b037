/**
 * An in-process cache of product-list results per query (category, search text, filters, page, size, sort,
 * language), so repeated listings cost no database work. Entries live at most `ttlMs` milliseconds (timed
 * visibility rules show within that time). A change drops only what it reaches (api/plugins/catalog-caches.ts): a change of
 * the listing index drops every entry, a stock change only the pages showing those products. At most `maxEntries`
 * entries are kept (oldest dropped).
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The cached value for `key`, or `load()`'s (shared by concurrent callers; a failed load is not kept). */
  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = load();
    const entry = { at: Date.now(), value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops the entries whose settled value `touches` says a change reaches (pending loads are dropped too). */
  async dropWhere(touches: (value: T) => boolean): Promise<void> {
    const entries = [...this.entries.entries()];
    await Promise.all(
      entries.map(async ([key, entry]) => {
        const value = await entry.value.catch(() => null);
        if ((value === null || touches(value)) && this.entries.get(key) === entry) this.entries.delete(key);
      }),
    );
  }
}
