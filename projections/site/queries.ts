/** Queries of the site read model (projections/site/writer.ts). */
import { sql } from 'kysely';
import type { MenuEntry } from '../../domain/site/site.js';
import type { Localized } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';

export interface SiteContent {
  /** Field key -> language-wrapped value. */
  fields: Record<string, Localized>;
  menu: MenuEntry[];
}

/** The global fields and the main menu (empty before the site is seeded). */
export async function getSiteContent(db: Database): Promise<SiteContent> {
  const [fields, menu] = await Promise.all([
    sql<{ key: string; value: Localized }>`select key, value from rm_site.global_fields order by key`.execute(db),
    sql<{ entries: MenuEntry[] }>`select entries from rm_site.menu where id = 1`.execute(db),
  ]);
  return {
    fields: Object.fromEntries(fields.rows.map((r) => [r.key, r.value])),
    menu: menu.rows[0]?.entries ?? [],
  };
}
