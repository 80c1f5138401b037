/**
 * The VAT rule of spec 5 ("Other rules") in the storefront: if the client's VAT registration number is under 2
 * characters or starts with EE, VAT is included; otherwise totals show without VAT. The number is read from the
 * checkout draft the shopper is filling in (local storage 'checkoutDraft', spec 3 "Remembered user options"), so a
 * foreign business sees net prices on the product page and in the cart too. The rule itself is the server's
 * (domain/order/pricing.ts): only a business client's number counts.
 */
import { clientVatRegNr, isVatIncluded } from '../../../domain/order/pricing';

export const CHECKOUT_DRAFT_KEY = 'checkoutDraft';

/** True when prices include VAT for the stored checkout draft `raw` (JSON text; missing or broken: true). */
export function draftIncludesVat(raw: string | null): boolean {
  try {
    type Client = { client_type?: unknown; vat_reg_nr?: unknown };
    const draft = JSON.parse(raw ?? '{}') as Client & { client?: Client };
    const c = draft.client ?? draft;
    const vatRegNr = typeof c.vat_reg_nr === 'string' ? c.vat_reg_nr : '';
    return isVatIncluded(clientVatRegNr({ type: c.client_type === 'business' ? 'business' : 'private', vatRegNr }));
  } catch {
    return true;
  }
}

/** True when prices include VAT for the checkout draft in local storage. */
export function storedDraftIncludesVat(): boolean {
  try {
    return draftIncludesVat(localStorage.getItem(CHECKOUT_DRAFT_KEY));
  } catch {
    return true;
  }
}
