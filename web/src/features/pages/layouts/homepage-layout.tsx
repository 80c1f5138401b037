/**
 * Layout `homepage` (spec 1; spec 2: the language home pages /et and /en): a content-managed hero (the `hero` item
 * container over the header image when there is one), the featured categories (the top-level categories of the
 * category tree, each with its pictogram and product count, linked to its category URL: spec 9), the page text and
 * the other item containers as cards.
 */
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { CategoryPictogram } from '../../../components/category-pictogram';
import { useCategories } from '../../../lib/categories';
import { useRouteLanguage } from '../../../lib/language';
import { HERO, Hero } from './hero';
import { LayoutShell, type LayoutProps, OtherContainers, PageBody } from './parts';

/** At most this many featured categories (two rows of four on a wide screen). */
export const FEATURED_CATEGORIES = 8;

export default function HomepageLayout({ page }: LayoutProps) {
  return (
    <LayoutShell layout="homepage">
      <Hero page={page} className="home-hero" />
      <FeaturedCategories />
      <PageBody page={page} className="content-page__body home-intro" />
      <OtherContainers page={page} placed={[HERO]} />
    </LayoutShell>
  );
}

function FeaturedCategories() {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const tree = useCategories(lang);
  const featured = (tree.data ?? []).filter((c) => !c.hidden && c.productCount > 0).slice(0, FEATURED_CATEGORIES);
  if (!featured.length) return null;
  return (
    <nav className="home-categories" aria-labelledby="home-categories-title">
      <h2 id="home-categories-title">{t('layouts.home.categories')}</h2>
      <ul>
        {featured.map((c) => (
          <li key={c.id}>
            <Link to={c.url[lang] || c.url.et}>
              <CategoryPictogram categoryIds={[c.id]} className="home-categories__icon" />
              <span className="home-categories__name">{c.name[lang] || c.name.et}</span>
              <span className="home-categories__count">{t('layouts.home.products', { count: c.productCount })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
