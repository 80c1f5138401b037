/**
 * The VAT rule of spec 5 ("Other rules"): if the client's VAT registration number is under 2 characters or starts
 * with EE, VAT is included; otherwise totals show without VAT. The storefront reads the number from the checkout
 * draft the shopper is filling in (local storage 'checkoutDraft', spec 3 "Remembered user options"), so a foreign
 * business sees net prices on the product page too.
 */
export const CHECKOUT_DRAFT_KEY = 'checkoutDraft';

/** True when prices include VAT for this VAT registration number. */
export function vatIncluded(vatRegNr: string | null | undefined): boolean {
  const v = (vatRegNr ?? '').trim().toUpperCase();
  return v.length < 2 || v.startsWith('EE');
}

/**
 * The VAT registration number of the stored checkout draft ('' when none, or when the client is private: the number
 * is a business field, as the server's rule in domain/order/pricing.ts clientVatRegNr).
 */
export function draftVatRegNr(): string {
  try {
    type Client = { client_type?: unknown; vat_reg_nr?: unknown };
    const draft = JSON.parse(localStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '{}') as Client & { client?: Client };
    const c = draft.client ?? draft;
    return c.client_type === 'business' && typeof c.vat_reg_nr === 'string' ? c.vat_reg_nr : '';
  } catch {
    return '';
  }
}
