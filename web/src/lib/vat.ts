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

/** The VAT registration number of the stored checkout draft ('' when none). */
export function draftVatRegNr(): string {
  try {
    const draft = JSON.parse(localStorage.getItem(CHECKOUT_DRAFT_KEY) ?? '{}') as { vat_reg_nr?: unknown; client?: { vat_reg_nr?: unknown } };
    const v = draft.vat_reg_nr ?? draft.client?.vat_reg_nr;
    return typeof v === 'string' ? v : '';
  } catch {
    return '';
  }
}
