/**
 * ProductEdit (spec 2 "Admin area"; staff products), /admin/product/edit/{id} and /admin/product/create: every
 * field of a product (spec 3 "Product") in one react-hook-form validated with the contract's `productFormSchema`
 * (api/contracts/admin-products.ts) through the zod resolver; the server's field errors (`errors[].field`) show under
 * their fields.
 *
 * - Edit header: title (code1 and name), back to the list, Save (products.edit; without it the form is read-only).
 * - Names and descriptions per language on et / en tabs; code1, code2, unit, class.
 * - Gross price in euros (typed with a comma or a dot; kept as euro cents) with the net price beside it, computed with
 *   the product's VAT rate; a changed price asks for confirmation before saving (spec 5).
 * - Availability with spec 4's back-office labels (+ delivery days), the visibility rule (static, timed, time range;
 *   states in and out of range), critical stock level, big product.
 * - Categories (checkbox tree), compatible vehicles (one per line), compatible and similar products (the staff
 *   product picker), images (components/product-images-field.tsx: upload, reorder, remove).
 * - Stock per warehouse (read-only), its movements (components/stock-history.tsx) and the audit timeline of the
 *   product's stream `product-{id}`.
 * - Saving sends the version it read: when someone saved since, the server's 409 message (who and when) shows with
 *   a Reload button that loads the latest version (this form's edits are dropped). Leaving with unsaved changes asks
 *   first (spec 2 text).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, RefreshCw, Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { type AdminProduct, AVAILABILITY_POLICY_VALUES, type ProductForm, productFormSchema } from '../../../../../api/contracts/admin-products';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { ProductPicker } from '../../../components/staff/product-picker';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { type Language, useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { useCategoryChoices } from '../api/get-category-choices';
import { useProductForEdit } from '../api/get-product-for-edit';
import { isChangedMeanwhile, useSaveProduct } from '../api/save-product';
import { CategoryTreePicker } from '../components/category-tree-picker';
import { StockHistory } from '../components/stock-history';
import { ProductImagesField } from '../components/product-images-field';
import { VisibilityRuleField } from '../components/visibility-rule-field';
import './product-edit.css';

type FormInput = z.input<typeof productFormSchema>;
type FormOutput = z.output<typeof productFormSchema>;

const UNITS = ['pcs', 'set', 'pair', 'l', 'm', 'kg'] as const;
const CLASSES = ['product', 'service'] as const;
const LANGS: Language[] = ['et', 'en'];
const DEFAULT_VAT = 24;

const EMPTY_FORM: ProductForm = {
  names: { et: '', en: '' },
  descriptions: { et: '', en: '' },
  code1: '',
  code2: null,
  unit: 'pcs',
  productClass: 'product',
  grossCents: null,
  policy: 'available',
  deliveryDays: null,
  visibility: { type: 'static', state: 'visible' },
  criticalStockLevel: null,
  bigProduct: false,
  categoryIds: [],
  vehicles: [],
  compatibleProducts: [],
  similarProducts: [],
  images: [],
};

/** The editable fields of a product as GET answers it. */
export function formOf(p: AdminProduct): ProductForm {
  return {
    names: p.names,
    descriptions: p.descriptions,
    code1: p.code1,
    code2: p.code2,
    unit: p.unit,
    productClass: p.productClass,
    grossCents: p.grossCents,
    policy: p.policy,
    deliveryDays: p.deliveryDays,
    visibility: p.visibility,
    criticalStockLevel: p.criticalStockLevel,
    bigProduct: p.bigProduct,
    categoryIds: p.categoryIds,
    vehicles: p.vehicles,
    compatibleProducts: p.compatibleProducts,
    similarProducts: p.similarProducts,
    images: p.images,
  };
}

/**
 * Euro cents from what a person types: '12,40', '12.4', '1 240,00', '€ 12' -> 1240, 1240, 124000, 1200; '' -> null;
 * anything else -> NaN (the schema then says the value is invalid).
 */
export function centsFromText(text: string): number | null {
  const t = text.replace(/[\s\u00a0€]/g, '').replace(',', '.');
  if (!t) return null;
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/** The text of a price input for cents: 1240 -> '12,40' (et) / '12.40' (en); null -> ''. */
export function textFromCents(cents: number | null | undefined, lang: Language): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const s = (cents / 100).toFixed(2);
  return lang === 'et' ? s.replace('.', ',') : s;
}

/** Net cents of gross cents at `vatRatePercent` (the domain's rule, domain/product/product.ts netFromGross). */
const netOf = (grossCents: number, vatRatePercent: number) => Math.round((grossCents * 100) / (100 + vatRatePercent));

export function ProductEditScreen({ id, me }: { id: string | undefined; me: SessionUser }) {
  const { t } = useTranslation('cms');
  const product = useProductForEdit(id);
  if (id === undefined) return <ProductEditForm product={null} me={me} onReload={async () => {}} />;
  if (product.isPending) return <Spinner />;
  if (product.isError) return isNotFound(product.error) ? <NotFound title={t('productEdit.notFound')} /> : <FormAlert messages={[apiErrorText(product.error)]} />;
  return (
    <ProductEditForm
      key={`${product.data.id}:${product.data.version}`}
      product={product.data}
      me={me}
      onReload={async () => {
        await product.refetch();
      }}
    />
  );
}

function ProductEditForm({ product, me, onReload }: { product: AdminProduct | null; me: SessionUser; onReload: () => Promise<void> }) {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const navigate = useNavigate();
  const base = useId();
  const canEdit = hasPermission(me, 'products.edit');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(productFormSchema, { error: staffZodMessages(t) }),
    defaultValues: product ? formOf(product) : EMPTY_FORM,
  });
  const [tab, setTab] = useState<Language>(lang);
  const [general, setGeneral] = useState<string[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const { errors, isSubmitting, isDirty, isSubmitSuccessful } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitSuccessful, t('page.unsavedChanges'));
  const save = useSaveProduct();
  const categories = useCategoryChoices();
  const vatRate = product?.vatRatePercent ?? DEFAULT_VAT;
  const gross = form.watch('grossCents');
  const policy = form.watch('policy');
  const name = product ? product.names[lang] || product.names[lang === 'et' ? 'en' : 'et'] : '';
  const title = product ? `${product.code1} · ${name}` : t('productEdit.createTitle');
  const known = (product?.relatedProducts ?? []).map((r) => ({ id: r.id, code1: r.code1, name: r.name[lang] || r.name.et || r.name.en }));

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    setStale(null);
    const before = product?.grossCents ?? null;
    if (product && values.grossCents !== before) {
      const message = t('productEdit.price.confirm', { from: formatEuro(before, lang) ?? t('productEdit.price.none'), to: formatEuro(values.grossCents, lang) ?? t('productEdit.price.none') });
      if (!window.confirm(message)) throw new Error('cancelled'); // keeps the form dirty: nothing was saved
    }
    try {
      const saved = await save.mutateAsync({ id: product?.id, form: values, version: product?.version });
      showToast('success', t('admin.saved'));
      if (!product) navigate(to(`/admin/product/edit/${saved.id}`), { replace: true });
      else form.reset(formOf(saved));
    } catch (error) {
      if (isChangedMeanwhile(error)) {
        setStale(apiErrorText(error));
      } else {
        const found = formErrors(error, FIELD_PATHS);
        for (const [field, message] of Object.entries(found.fields)) form.setError(field as keyof FormInput, { type: 'server', message });
        setGeneral(found.general);
      }
      throw error; // keeps isSubmitSuccessful false, so the guard stays on
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      await onReload(); // the new version remounts this form with the latest data
    } finally {
      setReloading(false);
    }
  };

  // A tab with an error shows it: switch to the language whose name or description is invalid.
  useEffect(() => {
    for (const l of LANGS) if (errors.names?.[l] || errors.descriptions?.[l]) return setTab(l);
  }, [errors.names, errors.descriptions]);

  return (
    <section className="staff-screen product-edit" aria-labelledby="screen-title">
      <PageMeta title={title} description={t('productEdit.title')} noindex />
      <form onSubmit={(e) => onSubmit(e).catch(() => {})} noValidate>
        <div className="staff-screen__head product-edit__head">
          <div>
            <p className="staff-breadcrumb">
              <Link to={to('/admin/product')}>
                <ArrowLeft size={14} aria-hidden="true" /> {t('productEdit.backToList')}
              </Link>
            </p>
            <h1 id="screen-title">{title}</h1>
          </div>
          {canEdit ? (
            <button type="submit" className="button button--primary" disabled={isSubmitting || (product !== null && !isDirty)}>
              <Save size={16} aria-hidden="true" />
              {product ? t('productEdit.save') : t('productEdit.create')}
            </button>
          ) : (
            <p className="muted">{t('productEdit.readOnly')}</p>
          )}
        </div>

        {stale ? (
          <div className="staff-alert staff-alert--warning product-edit__stale" role="alert">
            <p>{stale}</p>
            <button type="button" className="button" onClick={() => void reload()} disabled={reloading}>
              <RefreshCw size={14} aria-hidden="true" />
              {t('productEdit.reload')}
            </button>
          </div>
        ) : null}
        <FormAlert messages={general} />

        <fieldset className="product-edit__grid" disabled={!canEdit}>
          <div className="product-edit__main">
            <div className="staff-panel">
              <div className="product-edit__tabs" role="tablist" aria-label={t('productEdit.languages')}>
                {LANGS.map((l) => (
                  <button
                    key={l}
                    type="button"
                    role="tab"
                    id={`${base}-tab-${l}`}
                    aria-controls={`${base}-panel-${l}`}
                    aria-selected={tab === l}
                    tabIndex={tab === l ? 0 : -1}
                    className={`product-edit__tab${errors.names?.[l] || errors.descriptions?.[l] ? ' has-error' : ''}`}
                    onClick={() => setTab(l)}
                    onKeyDown={(e) => {
                      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                        const next = LANGS[(LANGS.indexOf(l) + 1) % LANGS.length]!;
                        setTab(next);
                        document.getElementById(`${base}-tab-${next}`)?.focus();
                      }
                    }}
                  >
                    {t(`productEdit.language.${l}`)}
                  </button>
                ))}
              </div>
              {LANGS.map((l) => (
                <div key={l} role="tabpanel" id={`${base}-panel-${l}`} aria-labelledby={`${base}-tab-${l}`} hidden={tab !== l}>
                  <TextField id={`product-name-${l}`} label={t('productEdit.name')} autoComplete="off" registration={form.register(`names.${l}`)} error={errors.names?.[l]?.message} />
                  <div className="staff-field">
                    <label htmlFor={`product-description-${l}`}>{t('productEdit.description')}</label>
                    <textarea id={`product-description-${l}`} rows={6} {...form.register(`descriptions.${l}`)} aria-invalid={errors.descriptions?.[l] ? true : undefined} />
                    {errors.descriptions?.[l] ? (
                      <p className="staff-field__error" role="alert">
                        {errors.descriptions[l]?.message}
                      </p>
                    ) : null}
                  </div>
                </div>
              ))}
            </div>

            <div className="staff-panel">
              <div className="staff-form__row">
                <TextField id="product-code1" label={t('productEdit.code1')} autoComplete="off" registration={form.register('code1')} error={errors.code1?.message} />
                <TextField
                  id="product-code2"
                  label={t('productEdit.code2')}
                  autoComplete="off"
                  registration={form.register('code2', { setValueAs: (v: string | null) => (v === '' || v === null ? null : v) })}
                  error={errors.code2?.message}
                />
              </div>
              <div className="staff-form__row">
                <div className="staff-field">
                  <label htmlFor="product-unit">{t('productEdit.unit')}</label>
                  <select id="product-unit" {...form.register('unit')}>
                    {UNITS.map((u) => (
                      <option key={u} value={u}>
                        {t(`productEdit.units.${u}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="staff-field">
                  <label htmlFor="product-class">{t('productEdit.class')}</label>
                  <select id="product-class" {...form.register('productClass')}>
                    {CLASSES.map((c) => (
                      <option key={c} value={c}>
                        {t(`productEdit.classes.${c}`)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </div>

            <div className="staff-panel">
              <div className="staff-form__row">
                <Controller
                  control={form.control}
                  name="grossCents"
                  render={({ field }) => <PriceField value={field.value} onChange={field.onChange} onBlur={field.onBlur} lang={lang} error={errors.grossCents?.message} />}
                />
                <div className="staff-field">
                  <span className="product-edit__label">{t('productEdit.price.net', { rate: vatRate })}</span>
                  <output className="product-edit__net" htmlFor="product-price" aria-live="polite">
                    {typeof gross === 'number' && Number.isFinite(gross) ? formatEuro(netOf(gross, vatRate), lang) : '—'}
                  </output>
                </div>
              </div>
              <div className="staff-form__row">
                <div className="staff-field">
                  <label htmlFor="product-policy">{t('productEdit.availability.title')}</label>
                  <select id="product-policy" {...form.register('policy')}>
                    {AVAILABILITY_POLICY_VALUES.map((p) => (
                      <option key={p} value={p}>
                        {t(`productEdit.availability.${p}`)}
                      </option>
                    ))}
                  </select>
                </div>
                {policy !== 'non_stock' ? (
                  <TextField
                    id="product-delivery-days"
                    type="number"
                    min={1}
                    max={365}
                    inputMode="numeric"
                    label={t('productEdit.deliveryDays')}
                    hint={t('productEdit.deliveryDaysHint')}
                    registration={form.register('deliveryDays', { setValueAs: numberOrNull })}
                    error={errors.deliveryDays?.message}
                  />
                ) : null}
              </div>
              <div className="staff-form__row">
                <TextField
                  id="product-critical-stock"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  label={t('productEdit.criticalStockLevel')}
                  hint={t('productEdit.criticalStockLevelHint')}
                  registration={form.register('criticalStockLevel', { setValueAs: numberOrNull })}
                  error={errors.criticalStockLevel?.message}
                />
                <label className="staff-check product-edit__check">
                  <input type="checkbox" {...form.register('bigProduct')} />
                  <span>{t('productEdit.bigProduct')}</span>
                </label>
              </div>
            </div>

            <div className="staff-panel">
              <Controller
                control={form.control}
                name="visibility"
                render={({ field }) => (
                  <VisibilityRuleField
                    value={field.value as ProductForm['visibility']}
                    onChange={field.onChange}
                    errors={{
                      state: fieldError(errors, 'visibility.state'),
                      rangeFrom: fieldError(errors, 'visibility.rangeFrom'),
                      rangeTo: fieldError(errors, 'visibility.rangeTo'),
                      stateInRange: fieldError(errors, 'visibility.stateInRange'),
                      stateOutRange: fieldError(errors, 'visibility.stateOutRange'),
                    }}
                  />
                )}
              />
            </div>

            <div className="staff-panel">
              <Controller
                control={form.control}
                name="compatibleProducts"
                render={({ field }) => (
                  <ProductPicker
                    id="product-compatible"
                    label={t('productEdit.compatibleProducts')}
                    value={field.value}
                    onChange={field.onChange}
                    known={known}
                    exclude={product ? [product.id] : []}
                    error={fieldError(errors, 'compatibleProducts')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="similarProducts"
                render={({ field }) => (
                  <ProductPicker
                    id="product-similar"
                    label={t('productEdit.similarProducts')}
                    value={field.value}
                    onChange={field.onChange}
                    known={known}
                    exclude={product ? [product.id] : []}
                    error={fieldError(errors, 'similarProducts')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="vehicles"
                render={({ field }) => <LinesField id="product-vehicles" label={t('productEdit.vehicles')} hint={t('productEdit.vehiclesHint')} value={field.value} onChange={field.onChange} error={fieldError(errors, 'vehicles')} />}
              />
            </div>

            <div className="staff-panel">
              <h2 className="product-edit__h2">{t('productEdit.images')}</h2>
              <Controller control={form.control} name="images" render={({ field }) => <ProductImagesField id="product-images" value={field.value} onChange={field.onChange} disabled={!canEdit} />} />
            </div>
          </div>

          <aside className="product-edit__side">
            <div className="staff-panel">
              {categories.isPending ? (
                <Spinner />
              ) : categories.isError ? (
                <FormAlert messages={[apiErrorText(categories.error)]} />
              ) : (
                <Controller
                  control={form.control}
                  name="categoryIds"
                  render={({ field }) => <CategoryTreePicker id="product-categories" categories={categories.data} value={field.value} onChange={field.onChange} lang={lang} />}
                />
              )}
            </div>
            {product ? (
              <div className="staff-panel">
                <h2 className="product-edit__h2">{t('productEdit.stock.title')}</h2>
                <StockTable stock={product.stock} />
              </div>
            ) : null}
          </aside>
        </fieldset>
      </form>
      {product ? (
        <section className="staff-panel product-edit__stock-history" aria-labelledby={`${base}-stock-history`}>
          <h2 id={`${base}-stock-history`} className="product-edit__h2">
            {t('productList.history.title')}
          </h2>
          <StockHistory productId={product.id} warehouses={Object.keys(product.stock).map((w) => ({ id: w, name: w }))} withTimeline={false} />
        </section>
      ) : null}
      {product && hasPermission(me, 'history.view') ? <HistoryTimeline stream={`product-${product.id}`} title={t('productEdit.history')} /> : null}
    </section>
  );
}

/** The form's field paths a server error may name (api/routes/admin/products-edit.ts maps the decider's). */
const FIELD_PATHS = [
  'names.et', 'names.en', 'descriptions.et', 'descriptions.en', 'code1', 'code2', 'unit', 'productClass', 'grossCents', 'policy', 'deliveryDays',
  'visibility.state', 'visibility.rangeFrom', 'visibility.rangeTo', 'visibility.stateInRange', 'visibility.stateOutRange', 'criticalStockLevel',
  'bigProduct', 'categoryIds', 'vehicles', 'compatibleProducts', 'similarProducts', 'images',
];

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The message of a nested field's error by its dotted path. */
function fieldError(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The gross price in euros as typed (comma or dot), kept in the form as euro cents. */
function PriceField({ value, onChange, onBlur, lang, error }: { value: number | null; onChange: (v: number | null) => void; onBlur: () => void; lang: Language; error?: string }) {
  const { t } = useTranslation('cms');
  const [text, setText] = useState(() => textFromCents(value, lang));
  useEffect(() => {
    // A reset from outside (after a save) shows the saved price.
    setText((current) => (centsFromText(current) === value || (Number.isNaN(centsFromText(current) as number) && Number.isNaN(value as number)) ? current : textFromCents(value, lang)));
  }, [value, lang]);
  return (
    <div className="staff-field">
      <label htmlFor="product-price">{t('productEdit.price.gross')}</label>
      <input
        id="product-price"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(centsFromText(e.target.value));
        }}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'product-price-error' : 'product-price-hint'}
      />
      <p id="product-price-hint" className="staff-field__hint">
        {t('productEdit.price.hint')}
      </p>
      {error ? (
        <p id="product-price-error" className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A list of strings edited one per line (compatible vehicles); blank lines are dropped when the field is left. */
function LinesField({ id, label, hint, value, onChange, error }: { id: string; label: string; hint: string; value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const [text, setText] = useState(() => value.join('\n'));
  useEffect(() => {
    setText((current) => (current.split('\n').map((s) => s.trim()).filter(Boolean).join('\n') === value.join('\n') ? current : value.join('\n')));
  }, [value]);
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.split('\n').map((s) => s.trim()).filter(Boolean));
        }}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-hint`} className="staff-field__hint">
        {hint}
      </p>
      {error ? (
        <p className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Units on hand per warehouse (read-only here; stock is set from the list or the stock history). */
function StockTable({ stock }: { stock: Record<string, number> }) {
  const { t } = useTranslation('cms');
  const rows = Object.entries(stock).sort(([a], [b]) => a.localeCompare(b));
  if (!rows.length) return <p className="staff-field__hint">{t('productEdit.stock.none')}</p>;
  return (
    <table className="data-table product-edit__stock">
      <thead>
        <tr>
          <th scope="col">{t('productEdit.stock.warehouse')}</th>
          <th scope="col">{t('productEdit.stock.onHand')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([warehouse, amount]) => (
          <tr key={warehouse}>
            <td>{warehouse}</td>
            <td>{amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
