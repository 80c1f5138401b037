/**
 * The postage products: one catalog product per delivery provider, priced with the provider's fee, so the order
 * flow prices the delivery fee line from the catalog like any other line (spec 3 "Product": a code starting with
 * postikulu marks a postage item; spec 7 GET /v1/delivery-provider/{providerId}).
 *
 * Each is a Product aggregate (stream `product-{id}`, id `postageProductId(providerId)`) decided by the product
 * decider, one append per product:
 * - code1 `postikulu-<providerId>`, name "Postikulu: <provider>" / "Postage: <provider>", the provider's description;
 * - class `service`, visibility static `hidden`: never listed (spec 5: only class product is listed), but
 *   reachable and buyable by id (spec 4: hidden = reachable and buyable by direct link), so GET /product/view/{id}
 *   answers it;
 * - unit `pcs` (the storefront shows "tk"), availability `non_stock` (always available, no stock kept), not a big
 *   product;
 * - price: the provider's fee in euro cents, gross, at `vatRatePercent`.
 */
import { randomUUID } from 'node:crypto';
import { DELIVERY_PROVIDER_IDS, DELIVERY_PROVIDERS, type DeliveryProviderId, postageCode, postageProductId } from '../../domain/delivery/providers.js';
import { productDecider, type ProductCommand, toProductStreamId } from '../../domain/product/product.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { type CommandContext, decideSequence, handleWith } from '../shared/command-handler.js';

export interface PostageProductReport {
  providerId: DeliveryProviderId;
  productId: string;
  /** Events appended: 0 when the product already matched. */
  appended: number;
}

/** The product commands that make the provider's postage product what it should be (create first when missing). */
export function postageProductCommands(providerId: DeliveryProviderId, exists: boolean, now: string, vatRatePercent: number): ProductCommand[] {
  const provider = DELIVERY_PROVIDERS[providerId];
  const productId = postageProductId(providerId);
  const code1 = postageCode(providerId);
  const names = { et: `Postikulu: ${provider.name.et}`, en: `Postage: ${provider.name.en}` };
  const meta = { now };
  const create: ProductCommand[] = exists
    ? []
    : [{ type: 'CreateProduct', data: { productId, code1, code2: null, names, descriptions: provider.desc, unit: 'pcs', productClass: 'service', bigProduct: false }, metadata: meta }];
  return [
    ...create,
    { type: 'ChangeProductDetails', data: { productId, language: 'et', name: names.et, description: provider.desc.et }, metadata: meta },
    { type: 'ChangeProductDetails', data: { productId, language: 'en', name: names.en, description: provider.desc.en }, metadata: meta },
    { type: 'ChangeProductCodes', data: { productId, code1, code2: null }, metadata: meta },
    { type: 'ChangeProductUnit', data: { productId, unit: 'pcs' }, metadata: meta },
    { type: 'ChangeProductClass', data: { productId, productClass: 'service' }, metadata: meta },
    { type: 'SetBigProductFlag', data: { productId, bigProduct: false }, metadata: meta },
    { type: 'ChangeProductPrice', data: { productId, grossCents: provider.feeCents, vatRatePercent }, metadata: meta },
    { type: 'SetProductAvailability', data: { productId, policy: 'non_stock', deliveryDays: null }, metadata: meta },
    { type: 'SetProductVisibility', data: { productId, rule: { type: 'static', state: 'hidden' } }, metadata: meta },
  ];
}

/**
 * Creates or updates the postage product of every provider. Idempotent: a product that already matches decides no
 * event, so running it on every start appends nothing after the first (a fee changed in providers.ts is appended
 * as a ProductPriceChanged). Concurrent runs conflict on the stream version and the loser decides again: nothing.
 * @param now decision time, ISO-8601 UTC
 * @param options.vatRatePercent VAT rate of the fees in percent (default 24, Estonia)
 * @throws DomainError from the product decider (a fee out of range); WrongExpectedVersionError after 10 conflicts
 */
export async function ensurePostageProducts(store: EventStore, now: string, options: { vatRatePercent?: number } = {}): Promise<PostageProductReport[]> {
  const vatRatePercent = options.vatRatePercent ?? 24;
  const reports: PostageProductReport[] = [];
  for (const providerId of DELIVERY_PROVIDER_IDS) {
    const productId = postageProductId(providerId);
    const commandId = randomUUID();
    const ctx: CommandContext = { commandId, correlationId: commandId, userId: null, now };
    const result = await handleWith(
      store,
      toProductStreamId(productId),
      productDecider,
      (state) => decideSequence(productDecider, postageProductCommands(providerId, state.status !== 'empty', now, vatRatePercent))(state),
      ctx,
    );
    reports.push({ providerId, productId, appended: result.events.length });
  }
  return reports;
}
