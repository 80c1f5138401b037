/**
 * OrderEdit (spec 2 "Admin area", /admin/order/edit/{id}; spec 4 flags, spec 5 orders): one order. The route holds
 * the form and composes section components (conventions 16): ../components/order-client-info.tsx,
 * order-rows-section.tsx, order-comments-section.tsx, order-flags-section.tsx, order-documents.tsx, payment-link.tsx.
 *
 * - Edit header: back to the list, 'Order #{number}', when it was placed, paid / filled badges, Save (orders.edit;
 *   without it the screen is read-only).
 * - The order client info block and the delivery (components/order-client-info.tsx), linking to the client (found by
 *   the order's e-mail, api/find-client.ts) once the client screens exist.
 * - Rows (quantity, name, unit price, total) in a react-hook-form field array: add a catalog product with the staff
 *   product picker (`ProductSearch`; a product already on the order gets one more unit instead), add a service row by
 *   name, change quantity, name or price, remove. Discount and shop service fee. Unit prices, discount and fee are in
 *   the order's price basis (with VAT when the spec 5 VAT rule includes it); amounts are typed in euros and sent as
 *   euro cents. Net total, VAT and total are the api's (recomputed by the domain on save); while the form is changed,
 *   a preview of the line totals shows and the totals say they will be recomputed. A filled order's rows, discount
 *   and fee are locked (the api refuses them: mark it not filled first); its comments stay editable.
 * - Employee comment (internal) and invoice comment.
 * - Saving sends the whole form with the version read (`updateAdminOrderBodySchema` of the contract checks it before
 *   it leaves). A row without a name is refused with spec 5's 'Saving failed, can't save order without
 *   product/service name' (also when the api says so); a 409 `order.changed_meanwhile` shows who changed it and
 *   when, with Reload (this form's edits are dropped). Leaving with unsaved changes asks spec 2's question.
 * - Paid and filled toggles (spec 4), each its own call; un-filling asks first (the shipped stock returns to the
 *   order). A toggle that leaves rows and comments as they were keeps the form's edits and their base version.
 * - Documents: send / resend the prepayment invoice and the invoice, their timestamps, the PDF.
 * - 'Open payment page' and 'Copy link' for the client; the audit timeline of `order-{id}` (history.view); with
 *   pages.view, a link to the terms of sale as of the order's placing (/admin/page/as-of/{termsPage}?at=placedAt).
 * - Live: a change made elsewhere (another window, the bank's payment) reloads the order; an untouched form follows
 *   it, a changed one keeps its edits (saving then answers 409 if the rows changed meanwhile).
 */
import { ArrowLeft, RefreshCw, Save } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { type AdminOrder, updateAdminOrderBodySchema } from '../../../../../api/contracts/admin-orders';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useSite } from '../../../lib/site/get-site';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { useClientOfOrder } from '../api/find-client';
import { orderKey, useOrder } from '../api/get-order';
import { errorCodes, isChangedMeanwhile, useSaveOrder } from '../api/save-order';
import { useRefreshOnOrderChanges } from '../api/use-live-orders';
import { OrderClientInfo } from '../components/order-client-info';
import { OrderCommentsSection } from '../components/order-comments-section';
import { OrderDocuments } from '../components/order-documents';
import { OrderFlagsSection } from '../components/order-flags-section';
import { OrderRowsSection } from '../components/order-rows-section';
import { PaymentLink } from '../components/payment-link';
import { bodyOfForm, editablePart, formOfOrder, type OrderForm } from '../utils/order-form';
import './order-edit.css';

/**
 * `clientScreens`: the admin area has the client screens (the route table's `client` model), so the client info
 * block links to the order's client (ClientEdit, a full page load as spec 2 says of the client screens).
 */
export function OrderEditScreen({ id, me, clientScreens = false }: { id: string; me: SessionUser; clientScreens?: boolean }) {
  const { t } = useTranslation('cms');
  const order = useOrder(id);
  useRefreshOnOrderChanges(orderKey(id));
  if (order.isPending) return <Spinner />;
  if (order.isError) return isNotFound(order.error) ? <NotFound title={t('orderEdit.notFound')} /> : <FormAlert messages={[apiErrorText(order.error)]} />;
  return <OrderEditForm key={`${order.data.id}:${order.data.number}`} order={order.data} me={me} clientScreens={clientScreens} onReload={async () => (await order.refetch()).data} />;
}

/** The form's field names a server error may name, from the api's (`rows.0.unitPriceCents` -> `rows.0.priceText`). */
function formField(apiField: string): string {
  return apiField.replace(/\.unitPriceCents$/, '.priceText').replace(/^discountCents$/, 'discountText').replace(/^serviceFeeCents$/, 'feeText');
}

function OrderEditForm({ order, me, clientScreens, onReload }: { order: AdminOrder; me: SessionUser; clientScreens: boolean; onReload: () => Promise<AdminOrder | undefined> }) {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const site = useSite(lang);
  const canEdit = hasPermission(me, 'orders.edit');
  const form = useForm<OrderForm>({ defaultValues: formOfOrder(order, lang) });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  /** The order the form's values were read from: its version goes with the save. */
  const [base, setBase] = useState(order);
  const [general, setGeneral] = useState<string[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const save = useSaveOrder(order.id);
  const clientId = useClientOfOrder(order.client.email, clientScreens && hasPermission(me, 'clients.view')).data ?? null;
  const { errors, isDirty, isSubmitting } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitting, t('page.unsavedChanges'));

  // The order changed elsewhere (live, a toggle, a reload): an untouched form follows; a changed one keeps its edits
  // and takes the new version only when the rows and comments are still what it read.
  const baseRef = useRef(base);
  baseRef.current = base;
  useEffect(() => {
    const current = baseRef.current;
    if (order === current) return;
    if (!form.formState.isDirty) {
      form.reset(formOfOrder(order, lang));
      setBase(order);
      setStale(null);
    } else if (editablePart(order) === editablePart(current)) {
      setBase(order);
    }
  }, [order, lang, form]);

  const title = t('orderEdit.title', { number: order.number });
  const onSubmit = form.handleSubmit(async (formValues) => {
    setGeneral([]);
    setStale(null);
    const made = bodyOfForm(formValues, base.version);
    if (!made.body) {
      for (const p of made.problems) form.setError(formField(p.field) as never, { type: 'client', message: t(`orderEdit.errors.${p.key}`) });
      setGeneral([...new Set(made.problems.filter((p) => p.key === 'rowNameRequired' || p.key === 'empty').map((p) => t(`orderEdit.errors.${p.key}`)))]);
      throw new Error('invalid');
    }
    const checked = updateAdminOrderBodySchema.safeParse(made.body);
    if (!checked.success) {
      setGeneral([t('admin.form.invalid')]);
      throw new Error('invalid');
    }
    try {
      const saved = await save.mutateAsync(made.body);
      form.reset(formOfOrder(saved, lang));
      setBase(saved);
      showToast('success', t('admin.saved'));
    } catch (error) {
      if (isChangedMeanwhile(error)) setStale(apiErrorText(error));
      else {
        const known = formValues.rows.flatMap((_, i) => [`rows.${i}.name`, `rows.${i}.quantity`, `rows.${i}.unitPriceCents`, `rows.${i}.productId`]).concat(['discountCents', 'serviceFeeCents', 'rows']);
        const found = formErrors(error, known);
        for (const [field, message] of Object.entries(found.fields)) form.setError(formField(field) as never, { type: 'server', message });
        const codes = errorCodes(error);
        // Spec 5's sentence also above the rows, whichever row it names.
        setGeneral(codes.includes('order.row_name_required') ? [t('orderEdit.errors.rowNameRequired'), ...found.general] : found.general);
      }
      throw error;
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      // The latest order replaces this form's edits (the staff member chose so after the 409).
      const fresh = await onReload();
      if (fresh) {
        form.reset(formOfOrder(fresh, lang));
        setBase(fresh);
        setGeneral([]);
        setStale(null);
      }
    } finally {
      setReloading(false);
    }
  };

  /** The terms-of-sale page (global field `termsPage`, spec 2 "/muugitingimused"), read as of the order's placing. */
  const termsPage = (site.data?.globalFields.termsPage || 'muugitingimused').replace(/^\/+/, '');
  const customerName = order.client.type === 'business' ? order.client.businessName : `${order.client.firstName} ${order.client.lastName}`.trim();

  return (
    <section className="staff-screen order-edit" aria-labelledby="screen-title">
      <PageMeta title={title} description={t('orderEdit.description')} noindex />
      <form onSubmit={(e) => onSubmit(e).catch(() => {})} noValidate>
        <div className="staff-screen__head order-edit__head">
          <div>
            <p className="staff-breadcrumb">
              <Link to={to('/admin/order')}>
                <ArrowLeft size={14} aria-hidden="true" /> {t('orderEdit.backToList')}
              </Link>
            </p>
            <h1 id="screen-title">{title}</h1>
            <p className="muted order-edit__sub">
              {t('orderEdit.placedAt', { time: formatDate(order.placedAt, lang, true) })}
              {customerName ? ` · ${customerName}` : ''}{' '}
              <span className={`staff-state order-edit__flag ${order.paid ? 'is-yes' : 'is-no'}`}>{order.paid ? t('orderList.paidYes') : t('orderList.paidNo')}</span>{' '}
              <span className={`staff-state order-edit__flag ${order.filled ? 'is-yes' : 'is-no'}`}>{order.filled ? t('orderList.filledYes') : t('orderList.filledNo')}</span>
            </p>
            {hasPermission(me, 'pages.view') ? (
              <p className="order-edit__terms">
                <Link to={to(`/admin/page/as-of/${encodeURIComponent(termsPage)}?at=${encodeURIComponent(order.placedAt)}`)}>{t('orderEdit.termsAsOf')}</Link>
              </p>
            ) : null}
          </div>
          {canEdit ? (
            <button type="submit" className="button button--primary" disabled={isSubmitting || !isDirty}>
              <Save size={16} aria-hidden="true" />
              {t('orderEdit.save')}
            </button>
          ) : (
            <p className="muted">{t('orderEdit.readOnly')}</p>
          )}
        </div>

        {stale ? (
          <div className="staff-alert staff-alert--warning order-edit__stale" role="alert">
            <p>{stale}</p>
            <button type="button" className="button" onClick={() => void reload()} disabled={reloading}>
              <RefreshCw size={14} aria-hidden="true" />
              {t('orderEdit.reload')}
            </button>
          </div>
        ) : null}
        <FormAlert messages={general} />

        <div className="order-edit__grid">
          <div className="order-edit__main">
            <OrderClientInfo order={order} clientHref={clientId ? to(`/admin/client/edit/${encodeURIComponent(clientId)}`) : null} />

            <OrderRowsSection form={form} rows={rows} order={order} canEdit={canEdit} lang={lang} />

            <OrderCommentsSection form={form} canEdit={canEdit} />
          </div>

          <aside className="order-edit__side">
            <OrderFlagsSection order={order} canEdit={canEdit} lang={lang} />
            <OrderDocuments order={order} canEdit={canEdit} />
            <PaymentLink order={order} />
          </aside>
        </div>
      </form>
      {hasPermission(me, 'history.view') ? <HistoryTimeline stream={`order-${order.id}`} title={t('orderEdit.history')} /> : null}
    </section>
  );
}
