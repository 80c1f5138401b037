/**
 * The bulk fitment screen's calls (api/routes/admin/fitment.ts): POST /v1/admin/fitment/preview (products.view),
 * /apply and /import (products.edit, CSRF through staffPost), the export's URL, and the categories for the selection
 * (GET /v1/admin/categories, flattened in tree order with their depth). Errors: ApiError with the server's message
 * in the user's language (a CSV's errors one per line, `field` `line.N`).
 */
import { useQuery } from '@tanstack/react-query';
import type { AddedVehicle, AddVehicleBody, FitmentApplyBody, FitmentApplyResult, FitmentPreview, FitmentPreviewBody } from '../../../../../api/contracts/admin-fitment';
import type { AdminCategoryList } from '../../../../../api/contracts/admin-categories';
import { apiPath, withQuery } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { staffGet, staffPost } from '../../../lib/staff/session-expiry';

export async function previewFitment(body: FitmentPreviewBody, lang: Language): Promise<FitmentPreview> {
  return (await staffPost<{ data: FitmentPreview }>(withQuery('/v1/admin/fitment/preview', { lang }), body)).body.data;
}

export async function applyFitment(body: FitmentApplyBody, lang: Language): Promise<FitmentApplyResult> {
  return (await staffPost<{ data: FitmentApplyResult }>(withQuery('/v1/admin/fitment/apply', { lang }), body)).body.data;
}

export async function importFitmentCsv(csv: string, reason: string, lang: Language, dryRun = false): Promise<{ products: number; changed: number; dryRun: boolean }> {
  return (await staffPost<{ data: { products: number; changed: number; dryRun: boolean } }>(withQuery('/v1/admin/fitment/import', { lang }), { csv, reason, dryRun })).body.data;
}

/** The export's address (a download; the session cookie goes with it). */
export const fitmentExportUrl = (lang: Language) => apiPath(withQuery('/v1/admin/fitment/export', { lang }));

export interface CategoryOption {
  id: string;
  name: string;
  depth: number;
}

export function useCategoryOptions(lang: Language) {
  return useQuery({
    queryKey: ['staff', 'fitment', 'categories', lang],
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const { categories } = (await staffGet<{ data: AdminCategoryList }>('/v1/admin/categories', signal)).body.data;
      const children = new Map<string | null, typeof categories>();
      for (const c of categories) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c]);
      const out: CategoryOption[] = [];
      const walk = (parent: string | null, depth: number) => {
        for (const c of [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position)) {
          out.push({ id: c.id, name: c.name[lang] || c.name.et || c.name.en, depth });
          walk(c.id, depth + 1);
        }
      };
      walk(null, 0);
      return out;
    },
  });
}

/** POST /v1/admin/vehicles: a vehicle missing from the reference (AddVehicles, source staff). */
export async function addVehicle(body: AddVehicleBody, lang: Language): Promise<AddedVehicle> {
  return (await staffPost<{ data: AddedVehicle }>(withQuery('/v1/admin/vehicles', { lang }), body)).body.data;
}
