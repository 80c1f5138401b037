/**
 * POST /file/create?ajax=true (spec 7; api/routes/files): one file as multipart/form-data with `File[folder_id]`
 * (a finder folder's uuid, `root`, or an older folder name such as `products`), `File[uploadFile]` and the
 * anti-forgery token (`_csrf` field, spec 7), through XMLHttpRequest so the screen can show the upload's progress.
 * Shared by every staff uploader (the finder and its picker, ProductEdit's images, the rich-text editor).
 *
 * Resolves with the stored file (api/contracts/files.ts FileModel). Rejects with ApiError (lib/api-client.ts): the
 * envelope's first code and its message in `lang` (spec 5: too big, not an image), or spec 8's 'upload error' plus
 * the HTTP status when the answer is not the envelope; `aborted` when the signal aborts. A 403
 * `request.csrf_invalid` asks for a new token and tries once more; a 401 leads to /session/login (staffCall). The
 * upload counts as running (./upload-activity.ts) until it ends.
 */
import type { FileModel, FileUploadAnswer } from '../../../../api/contracts/files';
import { ApiError, apiPath, getJson } from '../api-client';
import { staffCall } from './session-expiry';
import { beginUpload } from './upload-activity';

export interface UploadFileOptions {
  /** `et` or `en`: the language of the answer's messages. */
  lang: string;
  /** The folder: a finder folder id, `root` (default) or an older folder name. */
  folderId?: string;
  /** Called with the share of the bytes sent, 0-1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** Spec 8's fallback text when the answer carries no message. */
export const uploadErrorText = (status: number): string => `upload error ${status}`;

async function csrfToken(): Promise<string> {
  // The secret cookie stays; a new token of the same secret is as good as the one the other calls use.
  return (await getJson<{ data: { token: string } }>('/v1/csrf-token')).body.data.token;
}

function send(file: File, token: string, options: UploadFileOptions): Promise<FileModel> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('File[folder_id]', options.folderId ?? 'root');
    form.append('_csrf', token);
    form.append('File[uploadFile]', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPath(`/file/create?ajax=true&lang=${encodeURIComponent(options.lang)}`));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, uploadErrorText(0), 'network'));
    xhr.onabort = () => reject(new ApiError(0, 'Aborted', 'aborted'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const envelope = (body && typeof body === 'object' ? body : {}) as Partial<FileUploadAnswer> & { message?: unknown; errors?: { code?: string }[] };
      if (xhr.status >= 200 && xhr.status < 300 && envelope.status === 'success' && envelope.model) {
        options.onProgress?.(1);
        resolve(envelope.model);
        return;
      }
      const message = typeof envelope.message === 'string' && envelope.message !== '' ? envelope.message : uploadErrorText(xhr.status);
      reject(new ApiError(xhr.status, message, envelope.errors?.[0]?.code, body));
    };
    if (options.signal) {
      if (options.signal.aborted) return reject(new ApiError(0, 'Aborted', 'aborted'));
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** Uploads one file (see the module comment). */
export async function uploadFile(file: File, options: UploadFileOptions): Promise<FileModel> {
  const end = beginUpload();
  try {
    return await staffCall(async () => {
      try {
        return await send(file, await csrfToken(), options);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'request.csrf_invalid')) throw error;
        return send(file, await csrfToken(), options);
      }
    });
  } finally {
    end();
  }
}
