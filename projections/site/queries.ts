/** Queries of the site read model (projections/site/writer.ts). */
import { sql } from 'kysely';
import { MENU_STREAM_ID, type MenuItem } from '../../domain/menu/menu.js';
import type { ItemContainers } from '../../domain/page/page-doc.js';
import type { Localized } from '../../domain/shared/localized.js';
import { BANNER_FIELD, SITE_STREAM_ID } from '../../domain/site/site.js';
import type { Database } from '../../platform/db/database.js';

export interface SiteContent {
  /** Field key -> language-wrapped value; without `newAddressBanner` while the banner is switched off (spec 1). */
  fields: Record<string, Localized>;
  menu: MenuItem[];
  /** Global item containers: key -> items (sanitised HTML per language). */
  itemContainers: ItemContainers;
}

/** What the staff editor reads: every field (the banner's text too), the banner switch and the versions to save with. */
export interface GlobalContentForStaff extends SiteContent {
  bannerShown: boolean;
  /** The `site` stream's version (SetGlobalFields, SetGlobalItemContainers, SetBannerShown send it back). */
  siteVersion: number;
  /** The `menu-main` stream's version (SetMenu sends it back). */
  menuVersion: number;
}

/** Everything, for staff (the banner's text whether it shows or not). */
export async function getGlobalContentForStaff(db: Database): Promise<GlobalContentForStaff> {
  const [fields, containers, settings, menu, positions] = await Promise.all([
    sql<{ key: string; value: Localized }>`select key, value from rm_site.global_fields order by key`.execute(db),
    sql<{ key: string; items: ItemContainers[string] }>`select key, items from rm_site.item_containers order by key`.execute(db),
    sql<{ banner_shown: boolean }>`select banner_shown from rm_site.settings where id = 1`.execute(db),
    sql<{ entries: MenuItem[] }>`select entries from rm_site.menu where id = 1`.execute(db),
    sql<{ stream_id: string; position: string }>`select stream_id, position::text from rm_site.position`.execute(db),
  ]);
  const version = (stream: string) => Number(positions.rows.find((r) => r.stream_id === stream)?.position ?? 0);
  return {
    fields: Object.fromEntries(fields.rows.map((r) => [r.key, r.value])),
    menu: menu.rows[0]?.entries ?? [],
    itemContainers: Object.fromEntries(containers.rows.map((r) => [r.key, r.items])),
    bannerShown: settings.rows[0]?.banner_shown ?? true,
    siteVersion: version(SITE_STREAM_ID),
    menuVersion: version(MENU_STREAM_ID),
  };
}

/** The global fields, global item containers and the main menu as the storefront shows them (empty before the seed). */
export async function getSiteContent(db: Database): Promise<SiteContent> {
  const { fields, menu, itemContainers, bannerShown } = await getGlobalContentForStaff(db);
  if (!bannerShown) delete fields[BANNER_FIELD];
  return { fields, menu, itemContainers };
}
