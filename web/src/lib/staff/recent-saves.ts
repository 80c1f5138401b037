/**
 * Read-your-writes for staff lists. The api answers a save from the aggregate's stream, but its lists come from
 * read models that catch up a moment later (docs/architecture.md: projections), so a list fetched right after a
 * save may still miss a created row or show the old name. Each list remembers the items its screens saved (the
 * save's answer) for `ttlMs` and lays them over what the list fetch returns: a missing item is appended, an older
 * one replaced (by `version` when both have one; else the saved item wins while it is recent). Once the fetched
 * item has caught up (same or higher version) it is forgotten.
 *
 *   const saves = createRecentSaves<AdminWarehouse>();
 *   saves.remember(answer);                 // after POST / PUT
 *   return saves.merge(await fetchList());  // in the list's queryFn
 */
export interface Versioned {
  id: string;
  version?: number;
}

export interface RecentSaves<T extends Versioned> {
  remember(item: T, now?: number): void;
  merge(list: readonly T[], now?: number): T[];
}

export function createRecentSaves<T extends Versioned>(ttlMs = 15_000): RecentSaves<T> {
  const saved = new Map<string, { item: T; at: number }>();
  return {
    remember(item, now = Date.now()) {
      saved.set(item.id, { item, at: now });
    },
    merge(list, now = Date.now()) {
      const out = [...list];
      for (const [id, { item, at }] of saved) {
        if (now - at > ttlMs) {
          saved.delete(id);
          continue;
        }
        const i = out.findIndex((row) => row.id === id);
        const fetched = i >= 0 ? out[i] : undefined;
        if (fetched && fetched.version !== undefined && item.version !== undefined && fetched.version >= item.version) {
          saved.delete(id); // the read model caught up
          continue;
        }
        if (fetched) out[i] = item;
        else out.push(item);
      }
      return out;
    },
  };
}
