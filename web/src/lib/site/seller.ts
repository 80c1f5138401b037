/**
 * The company behind the shop from the global fields (keys in commands/site/seed-site-content.ts:
 * companyName, registryCode, vatNumber, address): shown in the footer and on the terms of sale, as the order PDF
 * prints it (domain/order/order-document.ts sellerFromFields).
 */

export interface Seller {
  companyName: string;
  registryCode: string;
  vatNumber: string;
  address: string;
}

/** The seller of `fields` (GET /v1/site globalFields, in the page's language); null when neither code is set. */
export function sellerOf(fields: Record<string, string | undefined>): Seller | null {
  const get = (key: string) => (fields[key] ?? '').trim();
  const seller = { companyName: get('companyName') || get('shopName'), registryCode: get('registryCode'), vatNumber: get('vatNumber'), address: get('address') };
  return seller.registryCode || seller.vatNumber ? seller : null;
}
