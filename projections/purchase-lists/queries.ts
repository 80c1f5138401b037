/**
 * Reads of the purchase-lists read model (writer.ts): the newest lists and one list's lines with the product's code
 * and names (rm_catalog) and the warehouse's name (rm_warehouses), and who made it (rm_users).
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export interface PurchaseListSummary {
  id: string;
  /** ISO-8601. */
  createdAt: string;
  createdBy: string | null;
  /** The staff member's username, null when unknown. */
  createdByName: string | null;
  serviceLevel: string;
  range: string;
  lineCount: number;
  units: number;
}

export interface PurchaseListLineRow {
  n: number;
  productId: string;
  code: string;
  name: { et: string; en: string };
  warehouseId: string;
  warehouseName: string;
  quantity: number;
  reason: { et: string; en: string };
}

/** The newest `limit` lists, newest first. */
export async function listPurchaseLists(db: Database, limit = 50): Promise<PurchaseListSummary[]> {
  const { rows } = await sql<PurchaseListSummary>`
    select l.id, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", l.created_by as "createdBy",
      u.username as "createdByName", l.service_level as "serviceLevel", l.range, l.line_count as "lineCount", l.units::int as units
    from rm_purchase_lists.lists l left join rm_users.users u on u.id::text = l.created_by
    order by l.created_at desc, l.id limit ${limit}`.execute(db);
  return rows;
}

/** One list's lines in their order, or null when the list is unknown. */
export async function purchaseListLines(db: Database, listId: string): Promise<{ list: PurchaseListSummary; lines: PurchaseListLineRow[] } | null> {
  const lists = await sql<PurchaseListSummary>`
    select l.id, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", l.created_by as "createdBy",
      u.username as "createdByName", l.service_level as "serviceLevel", l.range, l.line_count as "lineCount", l.units::int as units
    from rm_purchase_lists.lists l left join rm_users.users u on u.id::text = l.created_by where l.id = ${listId}`.execute(db);
  const list = lists.rows[0];
  if (!list) return null;
  const { rows } = await sql<Omit<PurchaseListLineRow, 'name' | 'reason'> & { nameEt: string; nameEn: string; reasonEt: string; reasonEn: string }>`
    select x.n, x.product_id as "productId", coalesce(c.code1, '') as code, coalesce(c.name_et, '') as "nameEt", coalesce(c.name_en, '') as "nameEn",
      x.warehouse_id as "warehouseId", coalesce(w.name, x.warehouse_id) as "warehouseName", x.quantity, x.reason_et as "reasonEt", x.reason_en as "reasonEn"
    from rm_purchase_lists.lines x
    left join rm_catalog.products c on c.id::text = x.product_id
    left join rm_warehouses.warehouses w on w.id = x.warehouse_id
    where x.list_id = ${listId} order by x.n`.execute(db);
  return { list, lines: rows.map(({ nameEt, nameEn, reasonEt, reasonEn, ...r }) => ({ ...r, name: { et: nameEt, en: nameEn }, reason: { et: reasonEt, en: reasonEn } })) };
}
