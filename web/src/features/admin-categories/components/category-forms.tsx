/**
 * The forms of the category panel (spec 3 "Category"; spec 7 /category/create and /category/update): the names and
 * the search keywords per language (react-hook-form with the contract's field schemas), the place (parent and
 * position) for keyboard users, and a new category's names. Each form asks before leaving with unsaved changes
 * (spec 2's text); without products.edit the forms are read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { z } from 'zod';
import { type AdminCategory, categoryKeywordsSchema, categoryNameSchema } from '../../../../../api/contracts/admin-categories';
import { TextField } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import type { Language } from '../../../lib/language';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { nameOf, ROOT } from '../utils/category-tree-model';

const namesSchema = z.object({ et: categoryNameSchema.pipe(z.string().trim().min(1)), en: categoryNameSchema.pipe(z.string().trim().min(1)) });
const keywordsSchema = z.object({ et: categoryKeywordsSchema, en: categoryKeywordsSchema });
/** A text per language, as the names and the search keywords hold them. */
type PerLanguage = { et: string; en: string };

/** The two per-language forms of a category: its names and its search keywords (comma-separated words). */
const PER_LANGUAGE_FORMS = {
  names: { schema: namesSchema, title: 'categoryTree.names', hint: null, et: 'categoryTree.nameEt', en: 'categoryTree.nameEn', save: 'categoryTree.saveNames' },
  keywords: { schema: keywordsSchema, title: 'categoryTree.keywords', hint: 'categoryTree.keywordsHint', et: 'categoryTree.keywordsEt', en: 'categoryTree.keywordsEn', save: 'categoryTree.saveKeywords' },
} as const;

/**
 * One per-language form: Save sends both languages (`name: { et, en }` or `search_keywords: { et, en }`), the api
 * records those that changed; leaving with unsaved changes asks first.
 */
export function PerLanguageForm({ kind, values, canEdit, busy, onSave }: { kind: keyof typeof PER_LANGUAGE_FORMS; values: PerLanguage; canEdit: boolean; busy: boolean; onSave: (v: PerLanguage) => Promise<AdminCategory | null> }) {
  const { t } = useTranslation('cms');
  const texts = PER_LANGUAGE_FORMS[kind];
  const form = useForm<PerLanguage, unknown, PerLanguage>({ resolver: zodResolver(texts.schema, { error: staffZodMessages(t) }), defaultValues: values });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty, t('page.unsavedChanges'));
  const titleId = `category-${kind}-title`;
  return (
    <form
      className="staff-form category-editor__form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={form.handleSubmit(async (v) => {
        if (await onSave(v)) form.reset(v);
      })}
    >
      <h3 id={titleId}>{t(texts.title)}</h3>
      {texts.hint ? <p className="staff-field__hint">{t(texts.hint)}</p> : null}
      <div className="staff-form__row">
        {(['et', 'en'] as const).map((language) => (
          <TextField
            key={language}
            id={`category-${kind === 'names' ? 'name' : 'keywords'}-${language}`}
            label={t(texts[language])}
            lang={language}
            autoComplete="off"
            disabled={!canEdit}
            registration={form.register(language)}
            error={errors[language]?.message}
          />
        ))}
      </div>
      {canEdit ? (
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || isSubmitting || !isDirty}>
            <Save size={16} aria-hidden="true" />
            {t(texts.save)}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * The place of a category for keyboard users: the parent (any category outside its own subtree, or the top level)
 * and the position among the new siblings (1 = first; empty = after the last one).
 */
export function PlaceForm(props: {
  category: AdminCategory;
  categories: AdminCategory[];
  excluded: Set<string>;
  pathOf: (id: string) => AdminCategory[];
  lang: Language;
  index: number;
  canEdit: boolean;
  busy: boolean;
  onMove: (parentId: string | null, position?: number) => Promise<AdminCategory | null>;
}) {
  const { category, categories, excluded, pathOf, lang, index, canEdit, busy, onMove } = props;
  const { t } = useTranslation('cms');
  const [parent, setParent] = useState(category.parent_id ?? ROOT);
  const [position, setPosition] = useState(String(index + 1));
  const options = useMemo(
    () =>
      categories
        .filter((c) => !excluded.has(c.id))
        .map((c) => ({ id: c.id, label: pathOf(c.id).map((p) => nameOf(p, lang)).join(' › ') }))
        .sort((a, b) => a.label.localeCompare(b.label, lang)),
    [categories, excluded, pathOf, lang],
  );
  const wanted = position.trim() === '' ? undefined : Number(position);
  const invalid = wanted !== undefined && (!Number.isInteger(wanted) || wanted < 1);
  const unchanged = parent === (category.parent_id ?? ROOT) && wanted === index + 1;
  return (
    <form
      className="staff-form category-editor__form"
      noValidate
      aria-labelledby="category-place-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        void onMove(parent || null, wanted === undefined ? undefined : wanted - 1);
      }}
    >
      <h3 id="category-place-title">{t('categoryTree.place')}</h3>
      <div className="staff-form__row">
        <div className="staff-field">
          <label htmlFor="category-parent">{t('categoryTree.parent')}</label>
          <select
            id="category-parent"
            value={parent}
            disabled={!canEdit}
            onChange={(e) => {
              setParent(e.target.value);
              // Another parent: last among its children unless a position is typed; the same parent: where it is.
              setPosition(e.target.value === (category.parent_id ?? ROOT) ? String(index + 1) : '');
            }}
          >
            <option value={ROOT}>{t('categoryTree.topLevel')}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field category-editor__position">
          <label htmlFor="category-position">{t('categoryTree.position')}</label>
          <input
            id="category-position"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={position}
            disabled={!canEdit}
            onChange={(e) => setPosition(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby="category-position-hint"
          />
          <p id="category-position-hint" className="staff-field__hint">
            {t('categoryTree.positionHint')}
          </p>
        </div>
      </div>
      {canEdit ? (
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || invalid || unchanged}>
            {t('categoryTree.move')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** A new category's names: Estonian required, English optional (the api then uses the Estonian name for both). */
const newNamesSchema = z.object({ et: categoryNameSchema.pipe(z.string().trim().min(1)), en: categoryNameSchema.transform((v) => v.trim()) });

/** A new category's names, under `parent` (null: the top level). */
export function CreateForm({ parent, lang, busy, onCancel, onCreate }: { parent: AdminCategory | null; lang: Language; busy: boolean; onCancel: () => void; onCreate: (names: { et: string; en?: string }) => Promise<void> }) {
  const { t } = useTranslation('cms');
  const form = useForm<z.input<typeof newNamesSchema>, unknown, z.output<typeof newNamesSchema>>({ resolver: zodResolver(newNamesSchema, { error: staffZodMessages(t) }), defaultValues: { et: '', en: '' } });
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitting, t('page.unsavedChanges'));
  return (
    <section className="staff-panel" aria-labelledby="category-create-title">
      <h2 id="category-create-title">{parent ? t('categoryTree.createUnder', { name: nameOf(parent, lang) }) : t('categoryTree.createTop')}</h2>
      <form className="staff-form" noValidate onSubmit={form.handleSubmit(({ et, en }) => onCreate(en ? { et, en } : { et }))}>
        <div className="staff-form__row">
          <TextField id="category-new-et" label={t('categoryTree.nameEt')} lang="et" autoComplete="off" autoFocus registration={form.register('et')} error={errors.et?.message} />
          <TextField id="category-new-en" label={t('categoryTree.nameEn')} lang="en" autoComplete="off" registration={form.register('en')} error={errors.en?.message} />
        </div>
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={busy || isSubmitting}>
            <Plus size={16} aria-hidden="true" />
            {t('categoryTree.create')}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t('categoryTree.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
