/** Queries of the gallery read model (projections/gallery/writer.ts). */
import { sql } from 'kysely';
import type { AlbumImage } from '../../domain/gallery/album.js';
import type { Localized } from '../../domain/shared/localized.js';
import type { Database } from '../../platform/db/database.js';

export interface AlbumRecord {
  id: string;
  names: Localized;
  images: AlbumImage[];
  /** The chosen thumbnail's file id; null: the first image shows. */
  thumbnail: string | null;
  published: boolean;
  /** ISO-8601 UTC. */
  createdAt: string;
  changedAt: string;
  changedBy: string | null;
  /** The album stream's version (what a staff save sends back). */
  version: number;
}

type Row = { id: string; names: Localized; images: AlbumImage[]; thumbnail: string | null; published: boolean; created_at: Date; changed_at: Date; changed_by: string | null; version: string };
const toAlbum = (r: Row): AlbumRecord => ({
  id: r.id,
  names: r.names,
  images: r.images,
  thumbnail: r.thumbnail,
  published: r.published,
  createdAt: r.created_at.toISOString(),
  changedAt: r.changed_at.toISOString(),
  changedBy: r.changed_by,
  version: Number(r.version),
});

/** Albums, newest first; `publishedOnly` for shoppers (spec 2 "Gallery"). */
export async function listAlbums(db: Database, { publishedOnly }: { publishedOnly: boolean }): Promise<AlbumRecord[]> {
  const { rows } = await sql<Row>`select * from rm_gallery.albums where ${publishedOnly ? sql`published` : sql`true`} order by created_at desc, id`.execute(db);
  return rows.map(toAlbum);
}

/** The album `id`, or null (also for an unpublished one when `publishedOnly`). */
export async function getAlbum(db: Database, id: string, { publishedOnly }: { publishedOnly: boolean }): Promise<AlbumRecord | null> {
  const { rows } = await sql<Row>`select * from rm_gallery.albums where id = ${id} and ${publishedOnly ? sql`published` : sql`true`}`.execute(db);
  return rows[0] ? toAlbum(rows[0]) : null;
}

/** The album's stream version as the read model has applied it (0 when absent), for a save that waits to read its own write. */
export async function albumVersion(db: Database, id: string): Promise<number> {
  const { rows } = await sql<{ version: string }>`select version from rm_gallery.albums where id = ${id}`.execute(db);
  return rows[0] ? Number(rows[0].version) : 0;
}
