import type { Product } from '../../../../../api/contracts/catalog';
import { ProductCard } from './product-card';

import type { ViewMode } from '../../../../../api/contracts/catalog-constants';

interface ProductGridProps {
  products: Product[];
  viewMode: ViewMode;
  labelledBy?: string;
  /** The active vehicle's name, for the cards' fitment badges (docs/architecture.md "Vehicle fitment"). */
  vehicle?: string;
}

/** The products as a list in one of the view modes (spec 9: grid, list, compact; default grid). */
export function ProductGrid({ products, viewMode, labelledBy, vehicle }: ProductGridProps) {
  return (
    <ul className={`product-grid product-grid--${viewMode}`} aria-labelledby={labelledBy}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} vehicle={vehicle} />
        </li>
      ))}
    </ul>
  );
}
