/**
 * Adding a menu entry (spec 2 "Header": entries of kind page, menu link or category): a page picked from the content
 * pages (its target the page's Estonian URL name, as the seeded menu has it), a category picked from the category
 * tree (its target the category id; the header shows its subcategories as the drop-down), or a link with a label and
 * a URL (http(s), mailto, tel or a path of the shop: domain/menu/menu.ts checks it on save). Labels start from the
 * page's titles or the category's names and can be changed in the row. The new entry goes to the end of the top level.
 */
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { MAX_MENU_LABEL, MAX_MENU_TARGET, type MenuKind } from '../../../../../domain/menu/menu';
import type { Language } from '../../../lib/language';
import { useCategoryChoices, usePageChoices } from '../api/get-menu-targets';

export interface NewMenuEntry {
  kind: MenuKind;
  label: { et: string; en: string };
  target: string;
}

export function AddMenuEntry({ lang, full, onAdd }: { lang: Language; full: boolean; onAdd: (entry: NewMenuEntry) => void }) {
  const { t } = useTranslation('cms');
  const base = useId();
  const [kind, setKind] = useState<MenuKind>('page');
  const [pageId, setPageId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [label, setLabel] = useState({ et: '', en: '' });
  const [url, setUrl] = useState('');
  const pages = usePageChoices(lang, kind === 'page');
  const categories = useCategoryChoices(lang, kind === 'category');
  const other = (l: Language): Language => (l === 'et' ? 'en' : 'et');

  const chosen = (): NewMenuEntry | null => {
    if (kind === 'page') {
      const page = pages.data?.find((p) => p.pageId === pageId);
      return page ? { kind, label: { et: page.title.et || page.title.en, en: page.title.en || page.title.et }, target: page.slug.et } : null;
    }
    if (kind === 'category') {
      const category = categories.data?.find((c) => c.id === categoryId);
      return category ? { kind, label: { et: category.name.et || category.name.en, en: category.name.en || category.name.et }, target: category.id } : null;
    }
    const et = label.et.trim();
    const en = label.en.trim();
    return (et || en) && url.trim() ? { kind, label: { et, en }, target: url.trim() } : null;
  };
  const entry = chosen();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry || full) return;
    onAdd(entry);
    setPageId('');
    setCategoryId('');
    setLabel({ et: '', en: '' });
    setUrl('');
  };

  return (
    <form className="staff-panel menu-edit__add" onSubmit={submit} aria-labelledby={`${base}-title`} noValidate>
      <h2 id={`${base}-title`}>{t('menuEdit.add.title')}</h2>
      <div className="menu-edit__add-fields">
        <div className="staff-field">
          <label htmlFor={`${base}-kind`}>{t('menuEdit.add.kind')}</label>
          <select id={`${base}-kind`} className="admin-pages__select" value={kind} onChange={(e) => setKind(e.target.value as MenuKind)}>
            {(['page', 'category', 'link'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`menuEdit.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'page' ? (
          <div className="staff-field menu-edit__pick">
            <label htmlFor={`${base}-page`}>{t('menuEdit.add.page')}</label>
            <select id={`${base}-page`} className="admin-pages__select" value={pageId} onChange={(e) => setPageId(e.target.value)} aria-busy={pages.isPending}>
              <option value="">{t('menuEdit.add.choose')}</option>
              {(pages.data ?? []).map((p) => (
                <option key={p.pageId} value={p.pageId}>
                  {`${p.title[lang] || p.title[other(lang)]} (/${p.slug.et})`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind === 'category' ? (
          <div className="staff-field menu-edit__pick">
            <label htmlFor={`${base}-category`}>{t('menuEdit.add.category')}</label>
            <select id={`${base}-category`} className="admin-pages__select" value={categoryId} onChange={(e) => setCategoryId(e.target.value)} aria-busy={categories.isPending}>
              <option value="">{t('menuEdit.add.choose')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {`${'\u00a0\u00a0'.repeat(c.depth)}${c.depth ? '└ ' : ''}${c.name[lang] || c.name[other(lang)]}`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind === 'link' ? (
          <>
            {(['et', 'en'] as const).map((l) => (
              <div key={l} className="staff-field">
                <label htmlFor={`${base}-label-${l}`}>{t(`menuEdit.add.label.${l}`)}</label>
                <input id={`${base}-label-${l}`} type="text" maxLength={MAX_MENU_LABEL} value={label[l]} onChange={(e) => setLabel({ ...label, [l]: e.target.value })} />
              </div>
            ))}
            <div className="staff-field menu-edit__pick">
              <label htmlFor={`${base}-url`}>{t('menuEdit.add.url')}</label>
              <input id={`${base}-url`} type="text" inputMode="url" maxLength={MAX_MENU_TARGET} value={url} placeholder="https://… /tooted" onChange={(e) => setUrl(e.target.value)} />
            </div>
          </>
        ) : null}
        <button type="submit" className="button" disabled={!entry || full}>
          <Plus size={16} aria-hidden="true" />
          {t('menuEdit.add.submit')}
        </button>
      </div>
      {full ? <p className="muted">{t('menuEdit.add.full')}</p> : null}
    </form>
  );
}
