/**
 * OrderEdit (spec 2 "Admin area", /admin/order/edit/{id}; staff order editing, "Flags", "Documents"): one order.
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
 * - 'Open payment page' and 'Copy link' for the client; the audit timeline of `order-{id}` (history.view).
 * - Live: a change made elsewhere (another window, the bank's payment) reloads the order; an untouched form follows
 *   it, a changed one keeps its edits (saving then answers 409 if the rows changed meanwhile).
 */
import { ArrowLeft, CheckCircle2, Circle, PackageCheck, Plus, RefreshCw, Save, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdminOrder, updateAdminOrderBodySchema } from '../../../../../api/contracts/admin-orders';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { ProductSearch } from '../../../components/staff/product-picker';
import { FormAlert } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../../lib/api-client';
import { formatDate, formatEuro } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { useClientOfOrder } from '../api/find-client';
import { orderKey, useOrder } from '../api/get-order';
import { errorCodes, isChangedMeanwhile, useSaveOrder } from '../api/save-order';
import { type OrderFlag, useSetOrderFlag } from '../api/set-order-flags';
import { useRefreshOnOrderChanges } from '../api/use-live-orders';
import { OrderClientInfo } from '../components/order-client-info';
import { OrderDocuments } from '../components/order-documents';
import { PaymentLink } from '../components/payment-link';
import { bodyOfForm, editablePart, formOfOrder, lineTotal, type OrderForm, textFromCents, unitPriceOf } from '../utils/order-form';
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
  const ids = { service: useId(), discount: useId(), fee: useId(), employee: useId(), invoice: useId(), picker: useId() };
  const canEdit = hasPermission(me, 'orders.edit');
  const form = useForm<OrderForm>({ defaultValues: formOfOrder(order, lang) });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  /** The order the form's values were read from: its version goes with the save. */
  const [base, setBase] = useState(order);
  const [general, setGeneral] = useState<string[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [serviceName, setServiceName] = useState('');
  const save = useSaveOrder(order.id);
  const clientId = useClientOfOrder(order.client.email, clientScreens && hasPermission(me, 'clients.view')).data ?? null;
  const flags = useSetOrderFlag(order.id);
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
  const values = form.watch();
  const fieldError = (path: string): string | undefined => {
    let node: unknown = errors;
    for (const key of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };

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

  const toggle = async (flag: OrderFlag, value: boolean) => {
    if (flag === 'filled' && !value && !window.confirm(t('orderEdit.flags.unfillConfirm', { number: order.number }))) return;
    try {
      await flags.mutateAsync({ flag, value });
      showToast('success', t(`orderEdit.flags.done.${flag}${value ? 'On' : 'Off'}`));
    } catch (error) {
      showToast('error', apiErrorText(error));
    }
  };

  const addProduct = (p: { id: string; code1: string; name: string; grossCents?: number | null }) => {
    const at = values.rows.findIndex((r) => r.productId === p.id);
    if (at >= 0) {
      const q = Number(values.rows[at]!.quantity.replace(/\D/g, '')) || 0;
      form.setValue(`rows.${at}.quantity`, String(q + 1), { shouldDirty: true });
      return;
    }
    const price = unitPriceOf(p.grossCents ?? 0, order.vatIncluded, order.vatRatePercent);
    rows.append({ productId: p.id, code: p.code1, name: p.name, unit: '', quantity: '1', priceText: textFromCents(price, lang) });
  };
  const addService = () => {
    rows.append({ productId: null, code: '', name: serviceName.trim(), unit: '', quantity: '1', priceText: textFromCents(0, lang) });
    setServiceName('');
  };

  const customerName = order.client.type === 'business' ? order.client.businessName : `${order.client.firstName} ${order.client.lastName}`.trim();
  const basisNote = order.vatIncluded ? t('orderEdit.rows.withVat') : t('orderEdit.rows.withoutVat');

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

            <fieldset className="staff-panel order-edit__rows" disabled={!canEdit || order.filled}>
              <legend className="order-edit__legend">{t('orderEdit.rows.title')}</legend>
              <p className="staff-field__hint">{basisNote}</p>
              {order.filled && canEdit ? <p className="staff-alert staff-alert--warning order-edit__filled-note">{t('orderEdit.rows.filledNote')}</p> : null}
              <table className="order-edit__table">
                <thead>
                  <tr>
                    <th scope="col">{t('orderEdit.rows.quantity')}</th>
                    <th scope="col">{t('orderEdit.rows.name')}</th>
                    <th scope="col" className="is-end">
                      {t('orderEdit.rows.unitPrice')}
                    </th>
                    <th scope="col" className="is-end">
                      {t('orderEdit.rows.total')}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">{t('orderEdit.rows.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.fields.map((field, i) => {
                    const row = values.rows[i];
                    const total = row ? lineTotal(row) : null;
                    const label = row?.name || row?.code || t('orderEdit.rows.serviceRow');
                    const nameError = fieldError(`rows.${i}.name`);
                    const quantityError = fieldError(`rows.${i}.quantity`);
                    const priceError = fieldError(`rows.${i}.priceText`);
                    return (
                      <tr key={field.id} className="order-edit__row">
                        <td className="order-edit__quantity">
                          <input
                            inputMode="numeric"
                            autoComplete="off"
                            aria-label={t('orderEdit.rows.quantityOf', { name: label })}
                            aria-invalid={quantityError ? true : undefined}
                            {...form.register(`rows.${i}.quantity`)}
                          />
                          {row?.unit ? <span className="muted"> {row.unit}</span> : null}
                          {quantityError ? (
                            <p className="staff-field__error" role="alert">
                              {quantityError}
                            </p>
                          ) : null}
                        </td>
                        <td className="order-edit__name">
                          {row?.productId ? <span className="order-edit__code">{row.code}</span> : <span className="staff-state order-edit__service">{t('orderEdit.rows.service')}</span>}
                          <input autoComplete="off" aria-label={t('orderEdit.rows.nameOf', { index: i + 1 })} aria-invalid={nameError ? true : undefined} {...form.register(`rows.${i}.name`)} />
                          {nameError ? (
                            <p className="staff-field__error" role="alert">
                              {nameError}
                            </p>
                          ) : null}
                        </td>
                        <td className="is-end order-edit__price">
                          <input inputMode="decimal" autoComplete="off" aria-label={t('orderEdit.rows.unitPriceOf', { name: label })} aria-invalid={priceError ? true : undefined} {...form.register(`rows.${i}.priceText`)} />
                          {priceError ? (
                            <p className="staff-field__error" role="alert">
                              {priceError}
                            </p>
                          ) : null}
                        </td>
                        <td className="is-end order-edit__line-total">{total === null ? '—' : formatEuro(total, lang)}</td>
                        <td className="order-edit__row-actions">
                          <button type="button" className="icon-button" onClick={() => rows.remove(i)} aria-label={t('orderEdit.rows.remove', { name: label })} title={t('orderEdit.rows.remove', { name: label })}>
                            <Trash2 size={16} aria-hidden="true" />
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                  {rows.fields.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="muted">
                        {t('orderEdit.rows.none')}
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              </table>
              {fieldError('rows') ? (
                <p className="staff-field__error" role="alert">
                  {fieldError('rows')}
                </p>
              ) : null}

              {canEdit && !order.filled ? (
                <div className="order-edit__add">
                  <ProductSearch id={ids.picker} label={t('orderEdit.rows.addProduct')} onPick={addProduct} />
                  <div className="staff-field order-edit__service-add">
                    <label htmlFor={ids.service}>{t('orderEdit.rows.addServiceLabel')}</label>
                    <div className="order-edit__inline">
                      <input
                        id={ids.service}
                        autoComplete="off"
                        value={serviceName}
                        maxLength={255}
                        onChange={(e) => setServiceName(e.target.value)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            addService();
                          }
                        }}
                      />
                      <button type="button" className="button" onClick={addService}>
                        <Plus size={14} aria-hidden="true" />
                        {t('orderEdit.rows.addService')}
                      </button>
                    </div>
                  </div>
                </div>
              ) : null}

              <div className="order-edit__amounts">
                <div className="staff-field">
                  <label htmlFor={ids.discount}>{t('orderEdit.discount')}</label>
                  <input id={ids.discount} inputMode="decimal" autoComplete="off" aria-invalid={fieldError('discountText') ? true : undefined} {...form.register('discountText')} />
                  {fieldError('discountText') ? (
                    <p className="staff-field__error" role="alert">
                      {fieldError('discountText')}
                    </p>
                  ) : null}
                </div>
                <div className="staff-field">
                  <label htmlFor={ids.fee}>{t('orderEdit.serviceFee')}</label>
                  <input id={ids.fee} inputMode="decimal" autoComplete="off" aria-invalid={fieldError('feeText') ? true : undefined} {...form.register('feeText')} />
                  {fieldError('feeText') ? (
                    <p className="staff-field__error" role="alert">
                      {fieldError('feeText')}
                    </p>
                  ) : null}
                </div>
                <dl className="order-edit__totals" aria-live="polite">
                  <dt>{t('orderEdit.totals.net')}</dt>
                  <dd>{formatEuro(order.netTotalCents, lang)}</dd>
                  <dt>{t('orderEdit.totals.vat', { rate: order.vatIncluded || order.vatCents > 0 ? order.vatRatePercent : 0 })}</dt>
                  <dd>{formatEuro(order.vatCents, lang)}</dd>
                  <dt className="order-edit__grand">{t('orderEdit.totals.total')}</dt>
                  <dd className="order-edit__grand">{formatEuro(order.totalCents, lang)}</dd>
                </dl>
                {isDirty ? <p className="staff-field__hint order-edit__recompute">{t('orderEdit.totals.recomputed')}</p> : null}
              </div>
            </fieldset>

            <fieldset className="staff-panel order-edit__comments" disabled={!canEdit}>
              <legend className="order-edit__legend">{t('orderEdit.comments.title')}</legend>
              <div className="staff-field">
                <label htmlFor={ids.employee}>{t('orderEdit.comments.employee')}</label>
                <textarea id={ids.employee} rows={3} maxLength={5000} aria-describedby={`${ids.employee}-hint`} {...form.register('employeeComment')} />
                <p id={`${ids.employee}-hint`} className="staff-field__hint">
                  {t('orderEdit.comments.employeeHint')}
                </p>
              </div>
              <div className="staff-field">
                <label htmlFor={ids.invoice}>{t('orderEdit.comments.invoice')}</label>
                <textarea id={ids.invoice} rows={3} maxLength={5000} aria-describedby={`${ids.invoice}-hint`} {...form.register('invoiceComment')} />
                <p id={`${ids.invoice}-hint`} className="staff-field__hint">
                  {t('orderEdit.comments.invoiceHint')}
                </p>
              </div>
            </fieldset>
          </div>

          <aside className="order-edit__side">
            <section className="staff-panel order-edit__flags" aria-labelledby="order-flags-title">
              <h2 id="order-flags-title">{t('orderEdit.flags.title')}</h2>
              <dl className="staff-facts">
                <dt>{t('orderEdit.flags.paid')}</dt>
                <dd>{order.paid ? t('orderEdit.flags.paidAt', { time: formatDate(order.paidAt, lang, true) }) : t('orderList.paidNo')}</dd>
                <dt>{t('orderEdit.flags.filled')}</dt>
                <dd>{order.filled ? t('orderEdit.flags.filledAt', { time: formatDate(order.filledAt, lang, true) }) : t('orderList.filledNo')}</dd>
              </dl>
              {canEdit ? (
                <div className="order-edit__flag-buttons">
                  <button type="button" className="button" disabled={flags.isPending} onClick={() => void toggle('paid', !order.paid)} aria-pressed={order.paid}>
                    {order.paid ? <Circle size={14} aria-hidden="true" /> : <CheckCircle2 size={14} aria-hidden="true" />}
                    {order.paid ? t('orderEdit.flags.markUnpaid') : t('orderEdit.flags.markPaid')}
                  </button>
                  <button type="button" className="button" disabled={flags.isPending} onClick={() => void toggle('filled', !order.filled)} aria-pressed={order.filled}>
                    {order.filled ? <Undo2 size={14} aria-hidden="true" /> : <PackageCheck size={14} aria-hidden="true" />}
                    {order.filled ? t('orderEdit.flags.markUnfilled') : t('orderEdit.flags.markFilled')}
                  </button>
                </div>
              ) : null}
              {order.payments.length ? (
                <>
                  <h3 className="order-edit__h3">{t('orderEdit.payments.title')}</h3>
                  <ul className="order-edit__payments">
                    {order.payments.map((p) => (
                      <li key={p.attempt}>
                        {p.methodId} <span className="muted">{formatDate(p.startedAt, lang, true)}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </section>
            <OrderDocuments order={order} canEdit={canEdit} />
            <PaymentLink order={order} />
          </aside>
        </div>
      </form>
      {hasPermission(me, 'history.view') ? <HistoryTimeline stream={`order-${order.id}`} title={t('orderEdit.history')} /> : null}
    </section>
  );
}
