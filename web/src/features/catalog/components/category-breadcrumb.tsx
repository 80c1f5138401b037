import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import type { CategoryNode, Language } from '../../../../../api/contracts/catalog';
import { categoryName } from '../utils/category-tree';

interface CategoryBreadcrumbProps {
  path: CategoryNode[];
  lang: Language;
  hrefFor: (categoryId: string) => string;
}

/** Breadcrumb of the listing: All products > ancestors > current category. */
export function CategoryBreadcrumb({ path, lang, hrefFor }: CategoryBreadcrumbProps) {
  const { t } = useTranslation('shop');
  if (path.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol>
        <li>
          <Link to={hrefFor('')}>{t('listing.allProducts')}</Link>
        </li>
        {path.map((node, i) => (
          <li key={node.id}>
            {i === path.length - 1 ? (
              <span aria-current="page">{categoryName(node, lang)}</span>
            ) : (
              <Link to={hrefFor(node.id)}>{categoryName(node, lang)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
