/**
 * ProductEdit (spec 2 "Admin area"), /admin/product/edit/{id} and /admin/product/create: every
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
 * The route composes section components (conventions 16): ../components/product-texts-section.tsx,
 * product-price-section.tsx, product-relations-section.tsx and product-side-section.tsx, all registering their
 * fields with this form (../utils/product-form.ts holds the form's model).
 * - Saving while an image upload still runs (here or in the file picker) says spec 5's 'Images still loading: try
 *   again in a few seconds' and saves nothing.
 * - Saving sends the version it read: when someone saved since, the server's 409 message (who and when) shows with
 *   a Reload button that loads the latest version (this form's edits are dropped). Leaving with unsaved changes asks
 *   first (spec 2 text).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, RefreshCw, Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate } from 'react-router';
import { type AdminProduct, productFormSchema } from '../../../../../api/contracts/admin-products';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { type Language, useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { STILL_LOADING_KEY, uploadsRunning } from '../../../lib/staff/upload-activity';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { useProductForEdit } from '../api/get-product-for-edit';
import { isChangedMeanwhile, useSaveProduct } from '../api/save-product';
import { ProductFitmentSection } from '../components/product-fitment-section';
import { ProductPriceSection } from '../components/product-price-section';
import { ProductRelationsSection } from '../components/product-relations-section';
import { ProductSideSection } from '../components/product-side-section';
import { ProductTextsSection } from '../components/product-texts-section';
import { StockHistory } from '../components/stock-history';
import { DEFAULT_VAT, EMPTY_FORM, FIELD_PATHS, type FormInput, type FormOutput, formOf, LANGS } from '../utils/product-form';
import './product-edit.css';

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
  const vatRate = product?.vatRatePercent ?? DEFAULT_VAT;
  const name = product ? product.names[lang] || product.names[lang === 'et' ? 'en' : 'et'] : '';
  const title = product ? `${product.code1} · ${name}` : t('productEdit.createTitle');
  const known = (product?.relatedProducts ?? []).map((r) => ({ id: r.id, code1: r.code1, name: r.name[lang] || r.name.et || r.name.en }));

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    setStale(null);
    // An image still on its way would be missing from the save (spec 5 'Images still loading').
    if (uploadsRunning() > 0) {
      setGeneral([t(STILL_LOADING_KEY)]);
      throw new Error('uploading'); // keeps the form dirty: nothing was saved
    }
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
            <ProductTextsSection form={form} idBase={base} tab={tab} setTab={setTab} />
            <ProductPriceSection form={form} vatRate={vatRate} lang={lang} />
            <ProductRelationsSection form={form} known={known} productId={product?.id ?? null} canEdit={canEdit} />
          </div>
          <aside className="product-edit__side">
            <ProductSideSection form={form} stock={product?.stock ?? null} lang={lang} />
          </aside>
        </fieldset>
      </form>
      {product ? <ProductFitmentSection productId={product.id} lang={lang} canEdit={canEdit} /> : null}
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
