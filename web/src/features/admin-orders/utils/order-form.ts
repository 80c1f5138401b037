/**
 * OrderEdit's form model (spec 2 OrderEdit; api/contracts/admin-orders.ts): the editable part of an order as the
 * form holds it, the PUT body made from it, the euro amounts as typed, and the preview totals shown before a save.
 * Money is integer euro cents in the order's price basis (with VAT when `vatIncluded`, spec 5 "VAT"); quantities are
 * whole units. The api recomputes every total on save; the preview is the same arithmetic (line = unit price x
 * quantity; subtotal = lines + fee - discount) and never sent.
 */
import type { AdminOrder, UpdateAdminOrderBody } from '../../../../../api/contracts/admin-orders';
import type { Language } from '../../../lib/language';

/** One row as the form holds it; `priceText` is the unit price in euros as typed ('12,40'). */
export interface OrderRowForm {
  productId: string | null;
  code: string;
  name: string;
  unit: string;
  quantity: string;
  priceText: string;
}

export interface OrderForm {
  rows: OrderRowForm[];
  discountText: string;
  feeText: string;
  employeeComment: string;
  invoiceComment: string;
}

/**
 * Euro cents from what a person types: '12,40', '12.4', '1 240,00', '€ 12' -> 1240, 1240, 124000, 1200; '' -> 0
 * when `emptyIs` is 0 (discount, fee), else null; anything else -> null (invalid).
 */
export function centsFromText(text: string, emptyIs: 0 | null = null): number | null {
  const t = text.replace(/[\s\u00a0€]/g, '').replace(',', '.');
  if (!t) return emptyIs;
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** The text of an amount input for cents: 1240 -> '12,40' (et) / '12.40' (en). */
export function textFromCents(cents: number, lang: Language): string {
  const s = (cents / 100).toFixed(2);
  return lang === 'et' ? s.replace('.', ',') : s;
}

/** A whole quantity from what a person types (spec 5: non-digits are stripped); null when none is left. */
export function quantityFromText(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : null;
}

/** The form's values for an order as GET answers it. */
export function formOfOrder(order: AdminOrder, lang: Language): OrderForm {
  return {
    rows: order.rows.map((r) => ({ productId: r.productId, code: r.code, name: r.name, unit: r.unit, quantity: String(r.quantity), priceText: textFromCents(r.unitPriceCents, lang) })),
    discountText: textFromCents(order.discountCents, lang),
    feeText: textFromCents(order.serviceFeeCents, lang),
    employeeComment: order.employeeComment,
    invoiceComment: order.invoiceComment,
  };
}

/** What of an order the form edits, for telling "only the flags changed" from "the rows changed" (compare as JSON). */
export function editablePart(order: AdminOrder): string {
  return JSON.stringify([order.rows.map((r) => [r.productId, r.code, r.name, r.unit, r.quantity, r.unitPriceCents]), order.discountCents, order.serviceFeeCents, order.employeeComment, order.invoiceComment]);
}

/** A problem the form finds before sending: the field's path and the text key of its message. */
export interface FormProblem {
  field: string;
  key: 'rowNameRequired' | 'quantityInvalid' | 'priceInvalid' | 'amountInvalid' | 'empty';
}

/**
 * The PUT body of the form at `version`, or the problems that keep it from being sent: a row without a name
 * (spec 5 'Saving failed, can't save order without product/service name'), a quantity that is not 1..100000, a
 * price that is not an amount, no rows at all.
 */
export function bodyOfForm(form: OrderForm, version: number): { body: UpdateAdminOrderBody; problems: [] } | { body: null; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  if (!form.rows.length) problems.push({ field: 'rows', key: 'empty' });
  const rows = form.rows.map((r, i) => {
    const quantity = quantityFromText(r.quantity);
    const unitPriceCents = centsFromText(r.priceText);
    if (!r.name.trim()) problems.push({ field: `rows.${i}.name`, key: 'rowNameRequired' });
    if (quantity === null || quantity < 1 || quantity > 100_000) problems.push({ field: `rows.${i}.quantity`, key: 'quantityInvalid' });
    if (unitPriceCents === null || unitPriceCents > 100_000_000) problems.push({ field: `rows.${i}.unitPriceCents`, key: 'priceInvalid' });
    return { productId: r.productId, code: r.code, name: r.name.trim(), unit: r.unit, quantity: quantity ?? 0, unitPriceCents: unitPriceCents ?? 0 };
  });
  const discountCents = centsFromText(form.discountText, 0);
  const serviceFeeCents = centsFromText(form.feeText, 0);
  if (discountCents === null) problems.push({ field: 'discountCents', key: 'amountInvalid' });
  if (serviceFeeCents === null) problems.push({ field: 'serviceFeeCents', key: 'amountInvalid' });
  if (problems.length) return { body: null, problems };
  return { body: { version, rows, discountCents: discountCents ?? 0, serviceFeeCents: serviceFeeCents ?? 0, employeeComment: form.employeeComment, invoiceComment: form.invoiceComment }, problems: [] };
}

/** A row's total in cents as typed (null while its quantity or price is not valid). */
export function lineTotal(row: OrderRowForm): number | null {
  const q = quantityFromText(row.quantity);
  const p = centsFromText(row.priceText);
  return q === null || p === null ? null : q * p;
}

/** The unit price of a catalog product in the order's basis: the gross price, or net of `vatRatePercent`. */
export function unitPriceOf(grossCents: number, vatIncluded: boolean, vatRatePercent: number): number {
  return vatIncluded ? grossCents : Math.round((grossCents * 100) / (100 + vatRatePercent));
}
