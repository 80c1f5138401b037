/**
 * What a browser sends with a state-changing call (api/plugins/csrf.ts, spec 7): the `_csrf` cookie and the token from
 * GET /v1/csrf-token in the `x-csrf-token` header. For `app.inject` (`csrfHeaders`) and for real HTTP
 * (`csrfHeadersOver`).
 */
import type { FastifyInstance } from 'fastify';

export type CsrfHeaders = { cookie: string; 'x-csrf-token': string };

function fromAnswer(setCookie: string | string[] | undefined | null, body: { data: { token: string } }): CsrfHeaders {
  const cookies = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]).join('; ');
  return { cookie: cookies, 'x-csrf-token': body.data.token };
}

export async function csrfHeaders(app: FastifyInstance): Promise<CsrfHeaders> {
  const res = await app.inject({ url: '/v1/csrf-token' });
  return fromAnswer(res.headers['set-cookie'] as string | string[] | undefined, res.json());
}

export async function csrfHeadersOver(base: string): Promise<CsrfHeaders> {
  const res = await fetch(`${base}/v1/csrf-token`);
  return fromAnswer(res.headers.getSetCookie(), (await res.json()) as { data: { token: string } });
}
