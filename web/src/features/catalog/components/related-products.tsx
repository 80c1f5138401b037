/**
 * Related products on the product page (spec 3 "Product": compatible and similar products). Similar: other
 * products of the product's first category. Compatible: other products that share its first OE cross-reference
 * number (found through the part-number search). At most 4 each; a section without products is not shown.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';
import { DEFAULT_SORT, type Language } from '../../../../../api/contracts/catalog-constants';
import { productsQueryOptions } from '../api/get-products';
import { ProductGrid } from './product-grid';

const RELATED_COUNT = 4;

function RelatedSection({ id, title, queryString, exclude }: { id: string; title: string; queryString: string | null; exclude: string }) {
  const query = useQuery({ ...productsQueryOptions(queryString ?? ''), enabled: queryString !== null });
  const products = (query.data?.list.results ?? []).filter((p) => p.id !== exclude).slice(0, RELATED_COUNT);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="related-products">
      <h2 id={id}>{title}</h2>
      <ProductGrid products={products} viewMode="compact" labelledBy={id} />
    </section>
  );
}

/** The code part of an OE number as printed ("5830674 (DEMAG)" -> "5830674"). */
const oeCode = (oe: string) => oe.replace(/\(.*\)/, '').trim();

/**
 * The product-list query strings of a product's related sections: compatible (its first OE number searched) and
 * similar (its first category), null for a section the product has nothing for. The server render prefetches these
 * (app/prefetch-route.ts).
 */
export function relatedProductQueries(product: Product, lang: Language): { compatible: string | null; similar: string | null } {
  const category = product.categories[0]?.id;
  const oe = product.oeNumbers[0] ? oeCode(product.oeNumbers[0]) : '';
  const base = (extra: Record<string, string>) => new URLSearchParams({ ...extra, page: '1', pageSize: '24', sort: DEFAULT_SORT, lang }).toString();
  return { compatible: oe ? base({ q: oe }) : null, similar: category ? base({ c: category }) : null };
}

export function RelatedProducts({ product, lang }: { product: Product; lang: Language }) {
  const { t } = useTranslation('shop');
  const queries = relatedProductQueries(product, lang);
  return (
    <>
      <RelatedSection id="compatible-products" title={t('product.compatibleProducts')} queryString={queries.compatible} exclude={product.id} />
      <RelatedSection id="similar-products" title={t('product.similarProducts')} queryString={queries.similar} exclude={product.id} />
    </>
  );
}
