/**
 * Category tree (spec 2 "Product listing"): nested, with product counts; a click selects the category (`c`), the
 * current one is highlighted and its ancestors are open. Hidden categories are not shown.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../lib/translation';
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

/** What every row needs from the tree: one object per tree render, passed down (rows call no hooks of their own). */
interface RowContext {
  t: TFunction;
  lang: Language;
  open: Set<string>;
  selectedId: string;
  hrefFor: (categoryId: string) => string;
  toggle: (id: string) => void;
  expand: (id: string) => void;
}

/**
 * One level of the tree. Each row is a component of its own, so hydrating a long tree yields to the browser between
 * rows (React yields between components, never inside one: docs/architecture.md "Server rendering: compression and
 * hydration").
 */
function CategoryList({ nodes, depth, row }: { nodes: CategoryNode[]; depth: number; row: RowContext }) {
  return (
    <ul className={depth === 0 ? 'category-tree__list' : 'category-tree__children'}>
      {visibleChildren(nodes, row.lang).map((node) => (
        <CategoryRow key={node.id} node={node} depth={depth} row={row} />
      ))}
    </ul>
  );
}

function CategoryRow({ node, depth, row }: { node: CategoryNode; depth: number; row: RowContext }) {
  const { t, lang, open, selectedId, hrefFor, toggle, expand } = row;
  const name = categoryName(node, lang);
  const children = visibleChildren(node.children, lang);
  const isOpen = open.has(node.id);
  const selected = node.id === selectedId;
  return (
    <li className="category-tree__item">
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
          onClick={() => children.length > 0 && expand(node.id)}
        >
          <span className="category-tree__name">{name}</span>
          <span className="category-tree__count" aria-label={t('categories.productCount', { count: node.productCount })}>
            {formatCount(node.productCount, lang)}
          </span>
        </Link>
      </div>
      {children.length > 0 && isOpen && <CategoryList nodes={children} depth={depth + 1} row={row} />}
    </li>
  );
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
  const row: RowContext = { t, lang, open, selectedId, hrefFor, toggle, expand: (id) => setOpen((prev) => new Set(prev).add(id)) };

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
      <CategoryList nodes={tree} depth={0} row={row} />
    </nav>
  );
}
