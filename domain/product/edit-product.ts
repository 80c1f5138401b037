/**
 * The ProductEdit form as one decision (spec 2 ProductEdit; spec 3 "Product", 4, 5): the whole edited product
 * in, the events of the fields that changed out, in a fixed order, nothing when nothing changed. Each field goes
 * through the Product decider's own command (domain/product/product.ts), so the rules (lengths, units, VAT, the
 * visibility rule) are the same as for every other writer, and each command sees the state the previous ones left.
 *
 * Money: `grossCents` integer euro cents including VAT (null: no price); the net price is derived by the decider's
 * VAT rule (`netFromGross`) only when the gross price changes. Quantities: `criticalStockLevel` whole units.
 *
 * @throws DomainError validation (the first invalid field, `field` naming it as the decider does: name, code1,
 *   code2, unit, class, price, availability, deliveryDays, state/rangeFrom/rangeTo/stateInRange/stateOutRange,
 *   critical_stock_level, categories, vehicles, images, compatibleProducts, similarProducts), not_found (edit of a
 *   product that does not exist), illegal_state `product.already_exists` (create over an existing one).
 */
import type { Language } from '../shared/localized.js';
import { LANGUAGES, type Localized } from '../shared/localized.js';
import type { AvailabilityPolicy } from './availability.js';
import { decide, evolve, type ProductClass, type ProductCommand, type ProductEvent, type ProductState, type Unit } from './product.js';
import type { VisibilityRule } from './visibility.js';

/** Every field the ProductEdit screen edits (api/contracts/admin-products.ts `productFormSchema`). */
export interface ProductForm {
  names: Localized;
  descriptions: Localized;
  code1: string;
  /** Empty or null: none. */
  code2: string | null;
  unit: Unit;
  productClass: ProductClass;
  /** Gross price in euro cents (VAT included); null: no price (not listed, spec 5). */
  grossCents: number | null;
  policy: AvailabilityPolicy;
  /** Workdays to deliver when out of stock, 1-365; null: none. */
  deliveryDays: number | null;
  visibility: VisibilityRule;
  /** Whole units; null: no warning. */
  criticalStockLevel: number | null;
  bigProduct: boolean;
  categoryIds: string[];
  vehicles: string[];
  compatibleProducts: string[];
  similarProducts: string[];
  /** Image URLs as ProductImagesChanged stores them (the images field of the form fills them). */
  images: string[];
  /**
   * Reorder settings (SetReorderSettings): lead time in calendar days and pack size in units, null unset (the
   * defaults REORDER_DEFAULTS apply); absent (an older client): left as they are.
   */
  leadTimeDays?: number | null;
  packSize?: number | null;
}

export interface EditOptions {
  productId: string;
  /** Decision time, ISO-8601 UTC (no clock in domain/). */
  now: string;
  /** VAT rate in percent for a changed price (spec 5 "VAT"; the shop's rate). */
  vatRatePercent: number;
  /** True: the form creates the product (CreateProduct first); false: the product must exist. */
  create: boolean;
  /** The staff user saving the form (ProductReorderSettingsChanged `changedBy`); null or absent: none. */
  changedBy?: string | null;
}

/** The Product commands of `form`, in the order their events are decided (create first, when creating). */
export function productFormCommands(form: ProductForm, state: ProductState, options: EditOptions): ProductCommand[] {
  const { productId, now } = options;
  const metadata = { now };
  const code2 = form.code2?.trim() ? form.code2 : null;
  const commands: ProductCommand[] = [];
  if (options.create) {
    commands.push({
      type: 'CreateProduct',
      data: { productId, code1: form.code1, code2, names: form.names, descriptions: form.descriptions, unit: form.unit, productClass: form.productClass, bigProduct: form.bigProduct },
      metadata,
    });
  } else {
    // A language whose name is being filled goes first, so emptying the other one's name is not refused on the way.
    const languages = [...(LANGUAGES as readonly Language[])].sort((x, y) => Number(!form.names[x].trim()) - Number(!form.names[y].trim()));
    for (const language of languages) {
      commands.push({ type: 'ChangeProductDetails', data: { productId, language, name: form.names[language], description: form.descriptions[language] }, metadata });
    }
    commands.push(
      { type: 'ChangeProductCodes', data: { productId, code1: form.code1, code2 }, metadata },
      { type: 'ChangeProductUnit', data: { productId, unit: form.unit }, metadata },
      { type: 'ChangeProductClass', data: { productId, productClass: form.productClass }, metadata },
      { type: 'SetBigProductFlag', data: { productId, bigProduct: form.bigProduct }, metadata },
    );
  }
  // The price only when the gross price changed: a changed shop VAT rate alone does not re-price on an edit.
  const currentGross = state.status === 'active' ? state.grossCents : null;
  if (form.grossCents !== currentGross) commands.push({ type: 'ChangeProductPrice', data: { productId, grossCents: form.grossCents, vatRatePercent: options.vatRatePercent }, metadata });
  commands.push(
    { type: 'SetProductAvailability', data: { productId, policy: form.policy, deliveryDays: form.deliveryDays }, metadata },
    { type: 'SetProductVisibility', data: { productId, rule: form.visibility }, metadata },
    { type: 'SetCriticalStockLevel', data: { productId, level: form.criticalStockLevel }, metadata },
    { type: 'CategoriseProduct', data: { productId, categoryIds: form.categoryIds }, metadata },
    { type: 'SetCompatibleVehicles', data: { productId, vehicles: form.vehicles }, metadata },
    { type: 'SetRelatedProducts', data: { productId, compatible: form.compatibleProducts, similar: form.similarProducts }, metadata },
    { type: 'SetProductImages', data: { productId, images: form.images }, metadata },
  );
  if (form.leadTimeDays !== undefined || form.packSize !== undefined) {
    const current = state.status === 'active' ? state : null;
    commands.push({
      type: 'SetReorderSettings',
      data: {
        productId,
        leadTimeDays: form.leadTimeDays === undefined ? (current?.leadTimeDays ?? null) : form.leadTimeDays,
        packSize: form.packSize === undefined ? (current?.packSize ?? null) : form.packSize,
        changedBy: options.changedBy ?? null,
      },
      metadata,
    });
  }
  return commands;
}

/**
 * The events `form` decides against `state`: each command of `productFormCommands` decided on the state the
 * previous ones left. Empty when the form equals the product. Pure.
 */
export function decideProductForm(form: ProductForm, state: ProductState, options: EditOptions): ProductEvent[] {
  const events: ProductEvent[] = [];
  let s = state;
  for (const command of productFormCommands(form, state, options)) {
    for (const event of decide(command, s)) {
      s = evolve(s, event);
      events.push(event);
    }
  }
  return events;
}
