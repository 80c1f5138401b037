/**
 * Product page (/products/view/:id; spec 3 "Product", spec 4 "Product availability and display"): name, codes,
 * gross price (net under the VAT rule of spec 5), availability (spec 4; updated live over the websocket), the
 * add-to-cart control or, out of stock, the notify-me dialog; description, technical details, OE numbers, compatible
 * vehicles, the fitment (docs/architecture.md "Vehicle fitment": with a vehicle whether the part fits it, and the whole application
 * list always), compatible and similar products, categories and the images (the first large with its srcset, the others as
 * thumbnails that show it large). A missing product shows the not-found page.
 * Loaded as its own chunk.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { isNotFound } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage, type Language } from '../../../lib/language';
import { storedDraftIncludesVat } from '../../../lib/vat';
import { useStorefrontStaff } from '../../../lib/staff/storefront';
import { useProduct } from '../api/get-product';
import { useLiveStock } from '../api/use-live-stock';
import { NotifyDialog } from '../components/notify-dialog';
import { RelatedProducts } from '../components/related-products';
import { isOutOfStock } from '../utils/availability';
import { Availability } from '../components/availability';
import { Price } from '../components/price';
import { ProductImage } from '../components/product-image';

/** How wide the product page draws its image (product-view.css: 5/11 of at most 1280 px; the whole width under 768 px). */
const PRODUCT_IMAGE_SIZES = '(max-width: 768px) 100vw, 560px';
import { StaffMarksSlot } from '../components/staff-marks-slot';
import { FitmentBadge } from '../components/fitment-badge';
import { ProductFitment } from '../components/product-fitment';
import { useGarage, vehicleLabel } from '../../../lib/garage/store';
import { useActiveVehicle, useVehicleUrlSync } from '../../../lib/garage/use-vehicle';
import '../catalog.css';
import '../catalog-products.css';
import '../product-view.css';
import '../product-texts';
import { usePageReady } from '../../../lib/page-ready';
import { recordShopperStep } from '../../../lib/shopper-steps';

/**
 * The product page. `addToCart` renders the purchase control of a purchasable product (the cart feature's, composed
 * by app/router.tsx: features do not import each other).
 */
export function ProductViewRoute({ addToCart }: { addToCart?: (product: Product) => ReactNode }) {
  usePageReady();
  const { id = '' } = useParams();
  const { t } = useTranslation(['shop', 'app']);
  const { lang } = useRouteLanguage();
  const staff = useStorefrontStaff();
  useVehicleUrlSync();
  const vehicle = useActiveVehicle();
  const garageState = useGarage();
  const product = useProduct(id, lang, staff.frontEdit, staff.ready, vehicle);
  useLiveStock(id);

  if (product.isPending) return <Spinner />;
  if (product.isError) {
    if (isNotFound(product.error)) {
      return <NotFound title={t('product.notFound')} message={t('product.notFoundMessage')} />;
    }
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('product.loadError')}</p>
        <button type="button" className="button" onClick={() => void product.refetch()}>
          {t('app:retry')}
        </button>
      </div>
    );
  }
  return <ProductDetails product={product.data} lang={lang} addToCart={addToCart} vehicle={vehicle ? vehicleLabel(garageState, vehicle) : ''} />;
}

function ProductDetails({ product, lang, addToCart, vehicle }: { product: Product; lang: Language; addToCart?: (product: Product) => ReactNode; vehicle: string }) {
  const { t } = useTranslation(['shop', 'app']);
  const { to } = useRouteLanguage();
  const navigate = useNavigate();
  const visible = product.visibility.currentState === 'visible';
  const [notifyOpen, setNotifyOpen] = useState(false);
  // The search-conversion analysis: this tab opened the product (sent only after a search in the tab).
  useEffect(() => recordShopperStep({ step: 'product-opened', productId: product.id }), [product.id]);
  // Spec 5 VAT rule: a foreign business (VAT number not starting with EE) sees net prices.
  const [gross] = useState(storedDraftIncludesVat);
  const woVat = formatEuro(product.priceWoVatCents ?? product.price_wo_vat, lang);
  const grossText = formatEuro(product.priceCents ?? product.price, lang);
  const summary = (product.description || product.name).replace(/\s+/g, ' ').slice(0, 160);
  const outOfStock = isOutOfStock(product);
  const purchasable = visible && product.price !== null && !outOfStock;
  // Every image: the chosen one large with its srcset, the others as thumbnails to switch to.
  const images = product.images ?? (product.image ? [product.image] : []);
  const [imageIndex, setImageIndex] = useState(0);
  const shownImage = images[Math.min(imageIndex, images.length - 1)] ?? null;

  return (
    <article className={`product-view${visible ? '' : ' is-invisible'}`} aria-labelledby="product-title">
      <PageMeta
        title={`${product.name} ${product.code1}`}
        description={summary}
        keywords={[product.code1, product.code2 ?? '', ...product.categories.map((c) => c.name), ...product.oeNumbers.slice(0, 5)]}
        alternates={{ et: `/products/view/${product.id}`, en: `/en/products/view/${product.id}` }}
      />

      <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
        <ol>
          <li>
            <Link to={to('/products')}>{t('listing.allProducts')}</Link>
          </li>
          {product.categories.slice(0, 1).map((c) => (
            <li key={c.id}>
              <Link to={`${to('/products')}?c=${encodeURIComponent(c.id)}`}>{c.name}</Link>
            </li>
          ))}
          <li>
            <span aria-current="page">{product.name}</span>
          </li>
        </ol>
      </nav>

      <div className="product-view__top">
        <div className="product-view__media">
          <ProductImage
            key={shownImage?.url ?? 'none'}
            image={shownImage}
            alt={product.name}
            className="product-view__image"
            eager
            sizes={PRODUCT_IMAGE_SIZES}
            categoryIds={product.categories.map((c) => c.id)}
          />
          {images.length > 1 && (
            <ul className="product-view__thumbs" aria-label={t('product.images')}>
              {images.map((image, i) => (
                <li key={image.url}>
                  <button type="button" className="product-view__thumb" aria-pressed={i === imageIndex} aria-label={t('product.imageN', { n: i + 1, total: images.length })} onClick={() => setImageIndex(i)}>
                    <img src={image.thumbnail ?? image.url} alt="" loading="lazy" decoding="async" width={64} height={48} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="product-view__summary">
          <h1 id="product-title">{product.name}</h1>
          <StaffMarksSlot product={product} />
          {product.staff && product.staff.visibility !== 'visible' && <p className="notice notice--warning product-not-visible">{t('product.notVisible')}</p>}
          <dl className="product-view__codes">
            <div>
              <dt>{t('product.code')}</dt>
              <dd>{product.code1}</dd>
            </div>
            {product.code2 && (
              <div>
                <dt>{t('product.code2')}</dt>
                <dd>{product.code2}</dd>
              </div>
            )}
          </dl>
          <div className="product-view__price-box">
            <p className="product-view__price">
              <span className="visually-hidden">{t('product.price')}: </span>
              {gross ? (
                <Price cents={product.priceCents} decimal={product.price} lang={lang} />
              ) : (
                <Price cents={product.priceWoVatCents} decimal={product.price_wo_vat} lang={lang} />
              )}
            </p>
            {woVat && grossText && product.price !== null && (
              <p className="muted product-view__vat">
                {gross
                  ? `${t('product.priceWoVat', { price: woVat })} · ${t('product.vatIncluded', { rate: product.vatRate })}`
                  : `${t('product.priceWithVat', { price: grossText })} · ${t('product.vatExcluded')}`}
              </p>
            )}
            <h2 className="visually-hidden">{t('product.availability')}</h2>
            <Availability product={product} className="product-view__availability" />
            <FitmentBadge fitment={product.fitment} vehicle={vehicle} className="product-view__fitment" />
            {product.big_product && <p className="product-view__note">{t('product.bigProduct')}</p>}
            {purchasable && addToCart?.(product)}
            {visible && outOfStock && (
              <>
                <button type="button" className="button product-view__notify" onClick={() => setNotifyOpen(true)}>
                  {t('notify.open')}
                </button>
                <NotifyDialog productId={product.id} productName={product.name} open={notifyOpen} onClose={() => setNotifyOpen(false)} />
              </>
            )}
          </div>
        </div>
      </div>

      <div className="product-view__sections">
        {product.description && (
          <section aria-labelledby="product-description">
            <h2 id="product-description">{t('product.description')}</h2>
            <p className="product-view__description">{product.description}</p>
          </section>
        )}

        {product.attributes.length > 0 && (
          <section aria-labelledby="product-attributes">
            <h2 id="product-attributes">{t('product.attributes')}</h2>
            <table className="attribute-table">
              <thead className="visually-hidden">
                <tr>
                  <th scope="col">{t('product.attributeName')}</th>
                  <th scope="col">{t('product.attributeValue')}</th>
                </tr>
              </thead>
              <tbody>
                {product.attributes.map((a, i) => (
                  <tr key={`${a.name}-${i}`}>
                    <th scope="row">{a.label}</th>
                    <td>{a.valueLabel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}

        {product.oeNumbers.length > 0 && (
          <section aria-labelledby="product-oe">
            <h2 id="product-oe">{t('product.oeNumbers')}</h2>
            <ul className="tag-list">
              {product.oeNumbers.map((oe) => (
                <li key={oe}>{oe}</li>
              ))}
            </ul>
          </section>
        )}

        <ProductFitment fitment={product.fitmentApplications} />

        {product.compatibleVehicles.length > 0 && (
          <section aria-labelledby="product-vehicles">
            <h2 id="product-vehicles">{t('product.compatibleVehicles')}</h2>
            <ul className="plain-list">
              {product.compatibleVehicles.map((v) => (
                <li key={v}>{v}</li>
              ))}
            </ul>
          </section>
        )}

        {product.categories.length > 0 && (
          <section aria-labelledby="product-categories">
            <h2 id="product-categories">{t('product.categories')}</h2>
            <ul className="tag-list">
              {product.categories.map((c) => (
                <li key={c.id}>
                  <Link to={`${to('/products')}?c=${encodeURIComponent(c.id)}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <RelatedProducts product={product} lang={lang} />

      <p className="product-view__back">
        <Link
          className="button"
          to={to('/products')}
          onClick={(e) => {
            // Coming from the listing: go back to the same page, filters and scroll position.
            if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) {
              e.preventDefault();
              void navigate(-1);
            }
          }}
        >
          <span aria-hidden="true">← </span>
          {t('product.back')}
        </Link>
      </p>
    </article>
  );
}
