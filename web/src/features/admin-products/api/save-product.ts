/**
 * Saving ProductEdit's form (api/contracts/admin-products.ts): POST /v1/admin/products creates a product
 * from the whole form (201, the product with its id), PUT /v1/admin/products/{id} saves it with the `version` it was
 * read at (200, the product with its new version). Errors: ApiError with field errors (`errors[].field` as the form's
 * paths, e.g. `names.et`, `grossCents`), 409 `product.changed_meanwhile` (someone saved since: the message says who
 * and when) or `product.already_exists`. Both refresh the product lists (`['admin', 'products']`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductForm } from '../../../../../api/contracts/admin-products';
import { ApiError } from '../../../lib/api-client';
import { type Language, useRouteLanguage } from '../../../lib/language';
import { staffPost, staffPut } from '../../../lib/staff/session-expiry';
import { productEditKey } from './get-product-for-edit';

/** `lang`: the language of the answer's messages (the screen's). */
export async function createProduct(form: ProductForm, lang: Language): Promise<AdminProduct> {
  return (await staffPost<{ data: AdminProduct }>(`/v1/admin/products?lang=${lang}`, form)).body.data;
}

export async function updateProduct(id: string, form: ProductForm, version: number, lang: Language): Promise<AdminProduct> {
  return (await staffPut<{ data: AdminProduct }>(`/v1/admin/products/${encodeURIComponent(id)}?lang=${lang}`, { ...form, version })).body.data;
}

/** True when a save was refused because the product changed since the form read it (offer a reload). */
export function isChangedMeanwhile(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const errors = (error.body as { errors?: { code?: string }[] } | undefined)?.errors;
  return Array.isArray(errors) && errors.some((e) => e?.code === 'product.changed_meanwhile');
}

/** The save as a mutation: `{ id?, form, version? }` (no id: create). Keeps the answer as the product's query data. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  const { lang } = useRouteLanguage();
  return useMutation({
    mutationFn: ({ id, form, version }: { id?: string; form: ProductForm; version?: number }) => (id ? updateProduct(id, form, version ?? 0, lang) : createProduct(form, lang)),
    onSuccess: (saved) => {
      queryClient.setQueryData(productEditKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'products'], predicate: (q) => q.queryKey[2] !== 'edit' });
    },
  });
}
