/**
 * The one-click dialog of StatisticsList ("Beyond every peer: one click adds a zero-result keyword as a
 * search keyword of a category or an alias of a product"): staff pick a category (and the language whose search
 * keywords it joins) or a product found by name or part number, and the keyword is added; the answer says how many
 * products the shoppers' search finds for it now, and the table's 'Finds now' column follows.
 *
 * Built on the native <dialog> (focus trap, Escape, inert background come from the browser). Errors of the api
 * (the envelope's message, in the screen's language) show inside the dialog.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { showToast } from '../../../components/feedback/toasts';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { useAssignKeyword } from '../api/assign-keyword';
import { useCategoryTargets, useProductTargets } from '../api/get-keyword-targets';

type Target = 'category' | 'product';

interface AssignKeywordDialogProps {
  /** The keyword to assign; null: the dialog is closed. */
  keyword: string | null;
  lang: Language;
  onClose: () => void;
}

export function AssignKeywordDialog({ keyword, lang, onClose }: AssignKeywordDialogProps) {
  const { t } = useTranslation('cms');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [target, setTarget] = useState<Target>('category');
  const [categoryId, setCategoryId] = useState('');
  const [language, setLanguage] = useState<'et' | 'en'>(lang === 'en' ? 'en' : 'et');
  const [productQuery, setProductQuery] = useState('');
  const [productId, setProductId] = useState('');
  const open = keyword !== null;
  const categories = useCategoryTargets(lang, open);
  const products = useProductTargets(productQuery, lang);
  const assign = useAssignKeyword(lang);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setTarget('category');
      setCategoryId('');
      setProductQuery('');
      setProductId('');
      assign.reset();
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
    // Only the open state drives this (a new keyword starts a clean form).
  }, [open]);

  const chosen = target === 'category' ? categoryId : productId;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!keyword || !chosen) return;
    const body = target === 'category' ? { target, keyword, categoryId, language } : { target, keyword, productId };
    assign.mutate(body, {
      onSuccess: (answer) => {
        showToast('success', t('admin.statistics.assign.done', { keyword: answer.keyword, count: answer.findsNow }));
        onClose();
      },
    });
  };

  return (
    <dialog ref={ref} className="dialog assign-keyword" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{t('admin.statistics.assign.title', { keyword: keyword ?? '' })}</h2>
        <fieldset className="assign-keyword__targets">
          <legend>{t('admin.statistics.assign.targetLabel')}</legend>
          {(['category', 'product'] as const).map((value) => (
            <label key={value} className="assign-keyword__target">
              <input type="radio" name="target" value={value} checked={target === value} onChange={() => setTarget(value)} />
              {t(`admin.statistics.assign.target.${value}`)}
            </label>
          ))}
        </fieldset>

        {target === 'category' ? (
          <div className="assign-keyword__row">
            <div className="staff-field">
              <label htmlFor="assign-category">{t('admin.statistics.assign.category')}</label>
              <select id="assign-category" value={categoryId} onChange={(e) => setCategoryId(e.target.value)} required>
                <option value="">{categories.isPending ? t('admin.statistics.assign.loading') : t('admin.statistics.assign.chooseCategory')}</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.hidden ? `${c.label} (${t('admin.statistics.assign.hidden')})` : c.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="staff-field">
              <label htmlFor="assign-language">{t('admin.statistics.assign.language')}</label>
              <select id="assign-language" value={language} onChange={(e) => setLanguage(e.target.value === 'en' ? 'en' : 'et')}>
                <option value="et">{t('admin.statistics.assign.languages.et')}</option>
                <option value="en">{t('admin.statistics.assign.languages.en')}</option>
              </select>
            </div>
          </div>
        ) : (
          <div className="staff-field">
            <label htmlFor="assign-product-search">{t('admin.statistics.assign.productSearch')}</label>
            <input
              id="assign-product-search"
              type="search"
              value={productQuery}
              autoComplete="off"
              onChange={(e) => {
                setProductQuery(e.target.value);
                setProductId('');
              }}
            />
            {productQuery.trim().length >= 2 ? (
              <fieldset className="assign-keyword__products" aria-busy={products.isFetching}>
                <legend className="visually-hidden">{t('admin.statistics.assign.product')}</legend>
                {(products.data ?? []).length === 0 && !products.isFetching ? <p className="muted">{t('admin.statistics.assign.noProducts')}</p> : null}
                {(products.data ?? []).map((p) => (
                  <label key={p.id} className="assign-keyword__product">
                    <input type="radio" name="product" value={p.id} checked={productId === p.id} onChange={() => setProductId(p.id)} />
                    <span className="assign-keyword__code">{p.code1}</span> {p.name}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="muted">{t('admin.statistics.assign.productHint')}</p>
            )}
          </div>
        )}

        {assign.isError ? <FormAlert messages={[apiErrorText(assign.error)]} /> : null}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('admin.statistics.assign.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!chosen || assign.isPending}>
            {t('admin.statistics.assign.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
