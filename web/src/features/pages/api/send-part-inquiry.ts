/**
 * POST /v1/part-inquiry (spec 1 "spare-parts contact"; api/routes/part-inquiry): the form as multipart/form-data
 * (text fields and an optional `photo`) with the CSRF token in the `x-csrf-token` header (api/plugins/csrf.ts),
 * renewed once after a 403 `request.csrf_invalid`. Resolves with the success text in the language; rejects with
 * ApiError (lib/api-client.ts) holding the envelope, whose `errors[].field` name the form's fields.
 */
import type { PartInquiryAnswer } from '../../../../../api/contracts/part-inquiry';
import { ApiError, apiPath, CLIENT_ERRORS, getJson } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';

async function token(): Promise<string> {
  return (await getJson<{ data: { token: string } }>('/v1/csrf-token')).body.data.token;
}

async function send(form: FormData, lang: Language, csrf: string): Promise<PartInquiryAnswer> {
  let res: Response;
  try {
    res = await fetch(apiPath(`/v1/part-inquiry?lang=${lang}`), { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json', 'x-csrf-token': csrf } });
  } catch {
    throw new ApiError(0, CLIENT_ERRORS.network, 'network');
  }
  type Envelope = { data?: PartInquiryAnswer; message?: string; errors?: { code?: string }[] };
  let body: Envelope | null;
  try {
    body = (await res.json()) as Envelope | null;
  } catch {
    throw new ApiError(res.status, CLIENT_ERRORS.not_json, 'not_json');
  }
  if (res.ok && body?.data) return body.data;
  throw new ApiError(res.status, body?.message ?? `HTTP ${res.status}`, body?.errors?.[0]?.code, body);
}

export async function sendPartInquiry(form: FormData, lang: Language): Promise<PartInquiryAnswer> {
  try {
    return await send(form, lang, await token());
  } catch (error) {
    if (error instanceof ApiError && error.code === 'request.csrf_invalid') return send(form, lang, await token());
    throw error;
  }
}
