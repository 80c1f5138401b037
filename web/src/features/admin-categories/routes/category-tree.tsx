/**
 * CategoryTree (spec 2 "Admin area", spec 3 "Category"), /admin/product/categories: the category tree editor
 * (../components/category-tree-editor.tsx) over GET /v1/admin/categories. Permission products.view to see it,
 * products.edit to change it (without it the screen is read-only). The open category is in the URL
 * (`?category=<id>`), so a category can be linked and the page reloaded.
 */
import { useTranslation } from '../../../lib/translation';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { useCategoryList } from '../api/category-list';
import { CategoryTreeEditor } from '../components/category-tree-editor';

export function CategoryTreeScreen() {
  const { t } = useTranslation('cms');
  const { to, lang } = useRouteLanguage();
  const session = useStaffSession();
  const list = useCategoryList();
  const [search, setSearch] = useSearchParams();
  const selectedId = search.get('category');
  const select = (id: string | null) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('category', id);
        else next.delete('category');
        return next;
      },
      { replace: true },
    );
  return (
    <section className="staff-screen" aria-labelledby="screen-title">
      <PageMeta title={t('categoryTree.title')} description={t('categoryTree.title')} noindex />
      <div className="staff-screen__head">
        <div>
          <p className="staff-breadcrumb">
            <Link to={to('/admin/product')}>{t('categoryTree.products')}</Link>
          </p>
          <h1 id="screen-title">{t('categoryTree.title')}</h1>
        </div>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <FormAlert messages={[apiErrorText(list.error)]} />
      ) : (
        <CategoryTreeEditor categories={list.data} selectedId={selectedId} onSelect={select} canEdit={hasPermission(session.data, 'products.edit')} lang={lang} />
      )}
    </section>
  );
}
