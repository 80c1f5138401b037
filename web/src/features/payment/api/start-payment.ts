/**
 * PUT /v1/payment/{token} (spec 7; spec 4 "Payment page": choosing a method asks the server for a redirect
 * address): body `{ method, name, country }` (null when absent), answer `{ status: 'success', data: { url } }`.
 * Errors: 409 `order.already_paid` / `order.reservation_expired`, 400 `payment.method_unknown`, 404
 * `order.not_found`, 502 `payment.provider_failed` (ApiError with the server's message).
 */
import type { PaymentMethodView, StartPaymentBody } from '../../../../../api/contracts/orders';
import type { Language } from '../../../lib/language';
import { putJson, withQuery } from '../../../lib/api-client';

/** @returns the address to send the browser to (the bank, or the shop's auto-post form of the attempt). */
export async function startPayment(method: PaymentMethodView, lang: Language): Promise<string> {
  const body: StartPaymentBody = { method: method.id, name: method.name ?? null, country: method.country ?? null };
  const { body: answer } = await putJson<{ data: { url: string } }>(withQuery(method.url, { lang }), body);
  return answer.data.url;
}
