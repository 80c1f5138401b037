/**
 * Category tree (spec 2 "Product listing"): nested, with product counts; a click selects the category (`c`), the
 * current one is highlighted and its ancestors are open. Hidden categories are not shown.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CategoryNode, Language } from '../../../../../api/contracts/catalog';
import { formatCount } from '../../../lib/format';
import { categoryName, findCategoryPath, visibleChildren } from '../utils/category-tree';

interface CategoryTreeProps {
  tree: CategoryNode[];
  selectedId: string;
  lang: Language;
  /** Link target selecting a category; '' selects all products. */
  hrefFor: (categoryId: string) => string;
}

export function CategoryTree({ tree, selectedId, lang, hrefFor }: CategoryTreeProps) {
  const { t } = useTranslation('shop');
  const [open, setOpen] = useState<Set<string>>(() => new Set(findCategoryPath(tree, selectedId).map((n) => n.id)));

  // Open the path to a newly selected category (from a link, the breadcrumb or the back button).
  useEffect(() => {
    const path = findCategoryPath(tree, selectedId);
    if (path.length === 0) return;
    setOpen((prev) => {
      if (path.every((n) => prev.has(n.id))) return prev;
      const next = new Set(prev);
      path.forEach((n) => next.add(n.id));
      return next;
    });
  }, [tree, selectedId]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderNodes = (nodes: CategoryNode[], depth: number) => (
    <ul className={depth === 0 ? 'category-tree__list' : 'category-tree__children'}>
      {visibleChildren(nodes, lang).map((node) => {
        const name = categoryName(node, lang);
        const children = visibleChildren(node.children, lang);
        const isOpen = open.has(node.id);
        const selected = node.id === selectedId;
        return (
          <li key={node.id} className="category-tree__item">
            <div className={`category-tree__row${selected ? ' is-selected' : ''}`}>
              {children.length > 0 ? (
                <button
                  type="button"
                  className="category-tree__toggle"
                  aria-expanded={isOpen}
                  aria-label={isOpen ? t('categories.collapse', { name }) : t('categories.expand', { name })}
                  onClick={() => toggle(node.id)}
                >
                  <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
                </button>
              ) : (
                <span className="category-tree__toggle-spacer" aria-hidden="true" />
              )}
              <Link
                to={hrefFor(node.id)}
                className="category-tree__link"
                aria-current={selected ? 'page' : undefined}
                onClick={() => children.length > 0 && setOpen((prev) => new Set(prev).add(node.id))}
              >
                <span className="category-tree__name">{name}</span>
                <span className="category-tree__count" aria-label={t('categories.productCount', { count: node.productCount })}>
                  {formatCount(node.productCount, lang)}
                </span>
              </Link>
            </div>
            {children.length > 0 && isOpen && renderNodes(children, depth + 1)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <nav className="category-tree" aria-labelledby="category-tree-title">
      <h2 id="category-tree-title" className="sidebar__title">
        {t('categories.title')}
      </h2>
      <div className={`category-tree__row category-tree__row--all${selectedId ? '' : ' is-selected'}`}>
        <Link to={hrefFor('')} className="category-tree__link" aria-current={selectedId ? undefined : 'page'}>
          <span className="category-tree__name">{t('categories.all')}</span>
        </Link>
      </div>
      {renderNodes(tree, 0)}
    </nav>
  );
}
