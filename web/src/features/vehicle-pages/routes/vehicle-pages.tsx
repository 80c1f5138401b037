/**
 * The vehicle landing pages (docs/architecture.md "Vehicle fitment", landing pages), server-rendered with their data
 * (app/prefetch-route.ts) and hydrated like the other storefront pages; their own chunk with their texts
 * (app/router.tsx, `vehiclePages` in locales/{et,en-US}/shop-vehicles.json):
 * - `/{lang}/vehicles/{make}/{model}[/{generation}]` (`VehiclePartsRoute`): title "Parts for MG MGB (1962-1980)",
 *   the parts made for the vehicle per category (name, count, the first few with links to their pages, and a link
 *   to the category listing with `?v=` when the page names one vehicle), the model's generations with parts;
 * - `/{lang}/vehicles/{make}` (`VehicleMakeRoute`): the make's models that have parts, with counts.
 * Title, description, canonical and hreflang (`/et/...`, `/en/...`, x-default Estonian) by PageMeta; a breadcrumb;
 * an unknown make, model or generation (404 `vehicle.not_found`, 400 for a malformed slug) is the not-found page
 * (HTTP 404 from the server render). A page without parts asks search engines not to index it.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { usePageReady } from '../../../lib/page-ready';
import { vehicleMakeQueryOptions, vehiclePartsQueryOptions, type VehiclePartsResponse } from '../api/get-vehicle-pages';
import '../vehicle-pages.css';

/** Whether a load failure means the page is not there (404 unknown vehicle, 400 malformed slug). */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** Both languages' paths of a landing page (`rest`: `/vehicles/...`), for canonical and hreflang. */
const alternatesOf = (rest: string) => ({ et: `/et${rest}`, en: `/en${rest}` });

function useYears() {
  const { t } = useTranslation('shop');
  return (from: number, to: number | null) => (to === null ? t('vehiclePages.yearsOpen', { from }) : from === to ? String(from) : t('vehiclePages.years', { from, to }));
}

/** Breadcrumb: Vehicles (the listing) > make > model > generation, the last one the current page. */
function VehicleBreadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const { t } = useTranslation('shop');
  const { to } = useRouteLanguage();
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol>
        <li>
          <Link to={to('/products')}>{t('listing.allProducts')}</Link>
        </li>
        {items.map((item) => (
          <li key={item.label}>{item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** The label a page names its vehicle by: `MG MGB` or `Mazda MX-5 NA`. */
function vehicleName(data: VehiclePartsResponse): string {
  return `${data.make.name} ${data.model.name}${data.generation?.code ? ` ${data.generation.code}` : ''}`;
}

export function VehiclePartsRoute() {
  usePageReady();
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const { make = '', model = '', generation } = useParams();
  const years = useYears();
  const query = useQuery(vehiclePartsQueryOptions(make, model, generation, lang));
  if (query.isError && isMissing(query.error)) return <NotFound />;
  if (!query.data) return <Spinner />;
  const data = query.data;
  const name = vehicleName(data);
  const span = years(data.years.from, data.years.to);
  const title = t('vehiclePages.titleYears', { vehicle: name, years: span });
  const base = `/vehicles/${data.make.slug}/${data.model.slug}`;
  const rest = data.generation ? `${base}/${data.generation.slug}` : base;
  const withV = (url: string) => (data.v ? `${url}?v=${encodeURIComponent(data.v)}` : url);
  const generations = data.generations.filter((g) => g.count > 0 && g.slug !== data.generation?.slug);
  return (
    <section className="vehicle-page" aria-labelledby="vehicle-page-title">
      <PageMeta
        title={title}
        description={t('vehiclePages.description', { vehicle: name, years: span, count: data.total, categories: data.categories.slice(0, 4).map((c) => c.name).join(', ') })}
        keywords={[data.make.name, data.model.name, data.generation?.code ?? '', ...data.categories.slice(0, 6).map((c) => c.name)]}
        alternates={alternatesOf(rest)}
        noindex={data.total === 0}
      />
      <VehicleBreadcrumb
        items={[
          { label: data.make.name, to: to(`/vehicles/${data.make.slug}`) },
          ...(data.generation ? [{ label: data.model.name, to: to(base) }, { label: data.generation.label }] : [{ label: data.model.name }]),
        ]}
      />
      <h1 id="vehicle-page-title">{title}</h1>
      <p className="vehicle-page__intro">{data.total ? t('vehiclePages.intro', { count: data.total, vehicle: name }) : t('vehiclePages.noParts')}</p>
      {data.v && data.total > 0 && (
        <p>
          <Link to={withV(to('/products'))}>{t('vehiclePages.allParts')}</Link>
        </p>
      )}
      {data.categories.length > 0 && (
        <ul className="vehicle-page__grid">
          {data.categories.map((c) => (
            <li key={c.id} className="vehicle-page__card">
              <h2>
                <Link to={withV(c.url)}>{c.name}</Link> <span className="vehicle-page__price">{t('vehiclePages.partCount', { count: c.count })}</span>
              </h2>
              <ul className="vehicle-page__parts">
                {c.products.map((p) => (
                  <li key={p.id}>
                    <Link to={to(`/products/view/${encodeURIComponent(p.id)}`)}>{p.name}</Link>
                    {p.grossCents !== null && <span className="vehicle-page__price">{formatEuro(p.grossCents, lang)}</span>}
                  </li>
                ))}
              </ul>
              {c.count > c.products.length && (
                <Link to={withV(c.url)} aria-label={t('vehiclePages.showAllLabel', { count: c.count, category: c.name, vehicle: name })}>
                  {t('vehiclePages.showAll', { count: c.count, category: c.name })}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {generations.length > 0 && (
        <>
          <h2>{t('vehiclePages.generations')}</h2>
          <ul className="vehicle-page__links">
            {generations.map((g) => (
              <li key={g.id}>
                <Link to={to(`${base}/${g.slug}`)}>{g.label}</Link> <span className="vehicle-page__price">{t('vehiclePages.partCount', { count: g.count })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function VehicleMakeRoute() {
  usePageReady();
  const { t } = useTranslation('shop');
  const { lang, to } = useRouteLanguage();
  const { make = '' } = useParams();
  const years = useYears();
  const query = useQuery(vehicleMakeQueryOptions(make, lang));
  if (query.isError && isMissing(query.error)) return <NotFound />;
  if (!query.data) return <Spinner />;
  const data = query.data;
  const models = data.models.filter((m) => m.count > 0);
  const title = t('vehiclePages.makeTitle', { make: data.make.name });
  return (
    <section className="vehicle-page" aria-labelledby="vehicle-page-title">
      <PageMeta title={title} description={t('vehiclePages.makeDescription', { make: data.make.name })} keywords={[data.make.name, ...models.slice(0, 8).map((m) => m.name)]} alternates={alternatesOf(`/vehicles/${data.make.slug}`)} noindex={models.length === 0} />
      <VehicleBreadcrumb items={[{ label: data.make.name }]} />
      <h1 id="vehicle-page-title">{title}</h1>
      <h2>{t('vehiclePages.models')}</h2>
      {models.length ? (
        <ul className="vehicle-page__links">
          {models.map((m) => (
            <li key={m.slug}>
              <Link to={to(`/vehicles/${data.make.slug}/${m.slug}`)}>
                {data.make.name} {m.name} ({years(m.fromYear, m.toYear)})
              </Link>{' '}
              <span className="vehicle-page__price">{t('vehiclePages.partCount', { count: m.count })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="vehicle-page__intro">{t('vehiclePages.noModels')}</p>
      )}
    </section>
  );
}
