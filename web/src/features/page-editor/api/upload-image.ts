/**
 * POST /file/create?ajax=true (spec 7; api/routes/files, the upload ProductEdit's images use): one image for the rich
 * text, multipart/form-data with `File[folder_id]` (`pages`), `File[uploadFile]` and the anti-forgery token (`_csrf`).
 * Resolves with the 640 px rendition's URL (`/files/{id}/640.webp`, the only image source the server's sanitiser
 * keeps). Rejects with ApiError: the envelope's code and message in the interface language (spec 5: too big, not an
 * image), else spec 8's 'upload error' plus the HTTP status. A 403 `request.csrf_invalid` asks for a new token and
 * tries once more.
 */
import i18n from 'i18next';
import type { FileUploadAnswer } from '../../../../../api/contracts/files';
import { ApiError, apiPath, getJson } from '../../../lib/api-client';
import { staffCall } from '../../../lib/staff/session-expiry';

async function send(file: File): Promise<{ src: string; alt: string }> {
  const token = (await getJson<{ data: { token: string } }>('/v1/csrf-token')).body.data.token;
  const form = new FormData();
  form.append('File[folder_id]', 'pages');
  form.append('_csrf', token);
  form.append('File[uploadFile]', file, file.name);
  let res: Response;
  try {
    res = await fetch(apiPath(`/file/create?ajax=true&lang=${i18n.language === 'en-US' ? 'en' : 'et'}`), { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'upload error 0', 'network');
  }
  const body = (await res.json().catch(() => null)) as (Partial<FileUploadAnswer> & { message?: string; errors?: { code?: string }[] }) | null;
  if (res.ok && body?.status === 'success' && body.model) return { src: body.model.url, alt: body.model.name };
  throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : `upload error ${res.status}`, body?.errors?.[0]?.code, body);
}

/** Uploads one image (see the module). */
export function uploadEditorImage(file: File): Promise<{ src: string; alt: string }> {
  return staffCall(async () => {
    try {
      return await send(file);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'request.csrf_invalid')) throw error;
      return send(file);
    }
  });
}
