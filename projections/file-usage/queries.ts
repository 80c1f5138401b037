/** Queries of the file_usage read model (projections/file-usage/writer.ts). */
import { sql } from 'kysely';
import type { FileUse } from '../../domain/file/file.js';
import type { Language } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';

/**
 * Where `fileId` is used, products first, then pages and albums, each by name. The owner's name in `language`
 * (Estonian when it has none) is read from the catalog, pages and gallery read models at query time; an owner they
 * do not hold (yet) shows its id.
 */
export async function fileUses(db: Database, fileId: string, language: Language): Promise<FileUse[]> {
  const other = language === 'et' ? 'en' : 'et';
  const { rows } = await sql<{ kind: FileUse['kind']; owner_id: string; name: string | null }>`
    select o.kind, o.owner_id, case o.kind
      when 'product' then (select coalesce(nullif(case when ${language} = 'en' then p.name_en else p.name_et end, ''), p.name_et) from rm_catalog.products p where p.id::text = o.owner_id)
      when 'page' then (select coalesce(nullif(g.draft->'title'->>${language}, ''), g.draft->'title'->>${other}) from rm_pages.pages g where g.id = o.owner_id)
      else (select coalesce(nullif(a.names->>${language}, ''), a.names->>${other}) from rm_gallery.albums a where a.id = o.owner_id) end as name
    from rm_file_usage.owners o where o.refs @> array[${fileId}]::text[]
    order by array_position(array['product', 'page', 'album'], o.kind), 3, o.owner_id`.execute(db);
  return rows.map((r) => ({ kind: r.kind, id: r.owner_id, name: r.name || r.owner_id }));
}

/** How many owners use each of `fileIds` (the finder's "used" mark); files used nowhere are left out. */
export async function useCounts(db: Database, fileIds: readonly string[]): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; n: string }>`
    select r as id, count(*) as n from rm_file_usage.owners, unnest(refs) r where refs && ${[...fileIds]}::text[] and r = any(${[...fileIds]}::text[]) group by r`.execute(db);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
