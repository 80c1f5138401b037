/** Maps a listed product of the catalog read model to the API's Product (spec 3) in one language. */
import { type Language, type Product, VISIBILITY_STATE_CODES } from '../../contracts/catalog.js';
import { centsToEuros, productCardHead, productCardTail, toImage } from '../../../projections/catalog/product-card.js';
import type { ListedCard } from '../../../projections/catalog/listing-cards.js';
import type { ListedProduct } from '../../../projections/catalog/queries.js';
import type { ProductAttribute } from '../../../domain/product/product.js';
import { type FilterLabelMap, labelAttribute } from '../../plugins/filter-labels.js';

export { centsToEuros, toImage };

/**
 * @param categoryPath names of a category and its ancestors, root first (empty when the category is unknown)
 * @param filterLabels labels of the technical criteria (none: each shown as the product carries it)
 */
export function toProduct(
  p: ListedProduct,
  language: Language,
  categoryPath: (id: string, language: Language) => string[],
  filterLabels: FilterLabelMap = new Map(),
): Product {
  const d = p.doc;
  return {
    ...productCardHead(d, p, language),
    visibility: { currentState: p.visibility, currentStateCode: VISIBILITY_STATE_CODES[p.visibility] },
    categories: productCategories(d.category_ids, language, categoryPath),
    attributes: d.attributes.map((a) => labelAttribute(a, filterLabels, language)),
    ...productCardTail(d),
  };
}

/** A product's categories as answered: each with its whole path ("Pidurid › MG"; a leaf name alone, a marque, is ambiguous); unknown ones left out. */
function productCategories(ids: readonly string[], language: Language, categoryPath: (id: string, language: Language) => string[]): Product['categories'] {
  return ids.flatMap((id) => {
    const path = categoryPath(id, language);
    return path.length ? [{ id, name: path.join(' › ') }] : [];
  });
}

/**
 * One listed product's JSON (spec 3 "Product", the same fields, values and order as `toProduct`) as pieces to write
 * one after the other: its stored card's bytes (listing-cards.ts) and the text of what is decided per request:
 * visibility at `now`, the category paths (`categoryJson`: a category's `{"id","name"}` JSON, '' when unknown) and the
 * attribute labels. `extra`: fields appended at the end (fitment, staff), already JSON text starting with a comma, or
 * ''. Every piece starts and ends outside a JSON string (api/routes/products withFacetsJson writes them as UTF-8).
 */
export function productCardPieces(card: ListedCard, language: Language, categoryJson: (id: string) => string, filterLabels: FilterLabelMap, extra: string): [Buffer, string, Buffer, string] {
  let categories = '';
  for (const id of card.categoryIds) {
    const one = categoryJson(id);
    if (one) categories += categories ? `,${one}` : one;
  }
  let attributes = '';
  const labelled = labelledAttributeJsonOf(filterLabels, language);
  for (const a of card.attributes) attributes += attributes ? `,${labelled(a)}` : labelled(a);
  const visibility = `{"currentState":${JSON.stringify(card.visibility)},"currentStateCode":${VISIBILITY_STATE_CODES[card.visibility]}}`;
  return [card.head, `,"visibility":${visibility},"categories":[${categories}],"attributes":[${attributes}],`, card.tail, `${extra}}`];
}

/** `productCardPieces` joined into one JSON text. */
export function productCardJson(card: ListedCard, language: Language, categoryJson: (id: string) => string, filterLabels: FilterLabelMap, extra: string): string {
  return productCardPieces(card, language, categoryJson, filterLabels, extra)
    .map((piece) => (typeof piece === 'string' ? piece : piece.toString('utf8')))
    .join('');
}

/**
 * A technical criterion's labelled JSON text (`labelAttribute`), made once per criterion `name=value`, labels
 * object and language: FilterLabelCache hands out the same labels until they change, and the criteria are the
 * catalog's facet values (the listing index holds each of them already), so the memo stays as small as the facets.
 */
function labelledAttributeJsonOf(labels: FilterLabelMap, language: Language): (a: ProductAttribute) => string {
  let byLanguage = attributeJsonMemo.get(labels);
  if (!byLanguage) attributeJsonMemo.set(labels, (byLanguage = new Map()));
  let byName = byLanguage.get(language);
  if (!byName) byLanguage.set(language, (byName = new Map()));
  const names = byName;
  return (a) => {
    let values = names.get(a.name);
    if (!values) names.set(a.name, (values = new Map()));
    let json = values.get(a.value);
    if (json === undefined) values.set(a.value, (json = JSON.stringify(labelAttribute({ name: a.name, value: a.value }, labels, language))));
    return json;
  };
}
const attributeJsonMemo = new WeakMap<FilterLabelMap, Map<Language, Map<string, Map<string, string>>>>();

/**
 * A category's `{"id","name"}` JSON text as a product answer lists it (`toProduct` categories), '' when the category
 * is unknown, made once per category snapshot and language: the snapshot is replaced when the tree changes.
 */
export function categoryJsonOf(snapshot: object, language: Language, categoryPath: (id: string, language: Language) => string[]): (id: string) => string {
  let byLanguage = categoryJsonMemo.get(snapshot);
  if (!byLanguage) categoryJsonMemo.set(snapshot, (byLanguage = new Map()));
  let memo = byLanguage.get(language);
  if (!memo) byLanguage.set(language, (memo = new Map()));
  const known = memo;
  return (id) => {
    let json = known.get(id);
    if (json === undefined) {
      const [one] = productCategories([id], language, categoryPath);
      json = one ? JSON.stringify(one) : '';
      known.set(id, json);
    }
    return json;
  };
}
const categoryJsonMemo = new WeakMap<object, Map<Language, Map<string, string>>>();

/**
 * The product with `content`, the nested wrapper of the same fields (spec 3 "content (nested wrapper of the same
 * fields)"), as GET /product/view/{id} and GET /v1/delivery-provider/{providerId} answer it (spec 7), and the server
 * render's in-process read of the product page (its data is the api's); not the listings.
 */
export function withContent(product: Product): Product {
  const { content: _content, ...fields } = product;
  return { ...fields, content: fields };
}
