/**
 * Deleting a category (spec 7 POST /category/delete/{id}: "Form data with the CSRF parameter"): the body is
 * form data `_csrf=<token>` (the token of GET /v1/csrf-token, from the visit's `_csrf` cookie secret, which the staff
 * session is bound to). Answers the deleted id, or throws ApiError with the failure envelope as `body`: 409
 * `category.has_children` / `category.has_products` while subcategories or products remain (the tree editor lists
 * the messages as danger messages), 401 (the session ended: the shell goes to /session/login), 403, 404.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPath, CLIENT_ERRORS, getJson } from '../../../lib/api-client';
import { staffCall } from '../../../lib/staff/session-expiry';
import { refreshAfterCategoryChange } from './category-save';

interface LooseAnswer {
  status?: unknown;
  success?: unknown;
  message?: unknown;
  errors?: { code?: unknown }[];
  model?: { id?: unknown };
}

/** `lang`: the interface language, for the errors' messages (et or en). */
export function deleteCategory(id: string, lang: string): Promise<string> {
  return staffCall(async () => {
    const token = (await getJson<{ data: { token: string } }>('/v1/csrf-token')).body.data.token;
    let res: Response;
    try {
      res = await fetch(apiPath(`/category/delete/${encodeURIComponent(id)}?lang=${encodeURIComponent(lang)}`), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams({ _csrf: token }),
      });
    } catch {
      throw new ApiError(0, CLIENT_ERRORS.network, 'network');
    }
    const body = (await res.json().catch(() => null)) as LooseAnswer | null;
    if (!res.ok || !body || body.success === false || body.status === 'failure') {
      const code = typeof body?.errors?.[0]?.code === 'string' ? body.errors[0].code : undefined;
      throw new ApiError(res.ok ? 400 : res.status, typeof body?.message === 'string' ? body.message : `HTTP ${res.status}`, code, body);
    }
    return typeof body.model?.id === 'string' ? body.model.id : id;
  });
}

/** The delete as a mutation; refreshes the tree and ProductEdit's category choices. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ({ id, lang }: { id: string; lang: string }) => deleteCategory(id, lang), onSuccess: (id) => refreshAfterCategoryChange(queryClient, id) });
}
