/**
 * A checkbox tree of the category tree (spec 2 ProductEdit "categories (tree picker)"): every category under its
 * parent, ordered by position, hidden ones marked; ticking one adds its id to `value`. A filter box narrows the tree
 * to the categories whose name (either language) holds the text, with their ancestors. Controlled:
 * `{ value: string[]; onChange(ids) }`. Ids in `value` that are not in the tree (a deleted category) stay listed as
 * unknown so that saving does not drop them silently; they can be unticked.
 */
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { Language } from '../../../lib/language';
import type { CategoryChoice } from '../api/get-category-choices';

interface Props {
  id: string;
  categories: CategoryChoice[];
  value: string[];
  onChange: (ids: string[]) => void;
  lang: Language;
}

const nameOf = (c: CategoryChoice, lang: Language) => c.name[lang] || c.name[lang === 'et' ? 'en' : 'et'] || c.id;

export function CategoryTreePicker({ id, categories, value, onChange, lang }: Props) {
  const { t } = useTranslation('cms');
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const children = useMemo(() => {
    const known = new Set(categories.map((c) => c.id));
    const map = new Map<string | null, CategoryChoice[]>();
    for (const c of categories) {
      const parent = c.parentId && known.has(c.parentId) ? c.parentId : null;
      map.set(parent, [...(map.get(parent) ?? []), c]);
    }
    for (const list of map.values()) list.sort((a, b) => a.position - b.position || nameOf(a, lang).localeCompare(nameOf(b, lang)));
    return map;
  }, [categories, lang]);
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return null;
    const byId = new Map(categories.map((c) => [c.id, c]));
    const keep = new Set<string>();
    for (const c of categories) {
      if (!`${c.name.et} ${c.name.en}`.toLowerCase().includes(q)) continue;
      for (let p: CategoryChoice | undefined = c; p && !keep.has(p.id); p = p.parentId ? byId.get(p.parentId) : undefined) keep.add(p.id);
    }
    return keep;
  }, [categories, filter]);
  const selected = new Set(value);
  const toggle = (categoryId: string, on: boolean) => onChange(on ? [...value, categoryId] : value.filter((v) => v !== categoryId));
  const unknown = value.filter((v) => !categories.some((c) => c.id === v));

  const branch = (parent: string | null, depth: number): ReactNode => {
    const nodes = (children.get(parent) ?? []).filter((c) => !shown || shown.has(c.id));
    if (!nodes.length) return null;
    return (
      <ul className={depth === 0 ? 'category-tree' : 'category-tree__children'}>
        {nodes.map((c) => (
          <li key={c.id}>
            <label className="staff-check">
              <input type="checkbox" checked={selected.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
              <span>{nameOf(c, lang)}</span>
              {c.hidden ? <span className="staff-state is-inactive">{t('productEdit.categories.hidden')}</span> : null}
            </label>
            {branch(c.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <fieldset className="product-edit__fieldset" id={id}>
      <legend>{t('productEdit.categories.title')}</legend>
      <div className="staff-field">
        <label htmlFor={filterId}>{t('productEdit.categories.filter')}</label>
        <input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
      </div>
      <div className="category-tree__scroll">{categories.length ? branch(null, 0) : <p className="muted">{t('productEdit.categories.none')}</p>}</div>
      {unknown.length ? (
        <ul className="category-tree">
          {unknown.map((u) => (
            <li key={u}>
              <label className="staff-check">
                <input type="checkbox" checked onChange={() => toggle(u, false)} />
                <span>{t('productEdit.categories.unknown', { id: u.slice(0, 8) })}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="staff-field__hint">{t('productEdit.categories.selected', { count: value.length })}</p>
    </fieldset>
  );
}
