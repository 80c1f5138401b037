/**
 * ClientEdit (spec 2 "Admin area"; spec 3 "Client"), /admin/client/edit/{id}: the client's fields
 * (customer type, first and last name, business name, e-mail, phone, VAT number, address) in a react-hook-form form
 * validated with the contract's schema plus the domain's own rule (domain/client/client.ts `checkClientDetails`: the
 * server checks the same), the client's orders linking to OrderEdit, the audit timeline of the client stream, and
 * 'Forget this client' (GDPR erasure) behind an inline confirmation. Saving sends the version it read: when someone
 * saved since, the server's 409 message (who and when) shows with a reload offer. Unsaved changes ask before the
 * page is left (spec 2's question). Staff without clients.edit see the form read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, RefreshCw, Save, UserX } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { type AdminClient, type ClientForm, clientFormSchema } from '../../../../../api/contracts/admin-clients';
import { checkClientDetails } from '../../../../../domain/client/client';
import { DomainError } from '../../../../../domain/shared/errors';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { useForgetClient } from '../api/forget-client';
import { useClient } from '../api/get-client';
import { isChangedMeanwhile, useSaveClient } from '../api/save-client';
import { clientName } from './client-list';
import './clients.css';

const ADDRESS_PARTS = ['street', 'apartment', 'city', 'state', 'area_code', 'country'] as const;
const FIELD_PATHS = ['customer_type', 'first_name', 'last_name', 'business_name', 'email', 'phone', 'vat_reg_nr', ...ADDRESS_PARTS.map((p) => `address.${p}`)];

const formOf = (c: AdminClient): ClientForm => ({
  customer_type: c.customer_type,
  first_name: c.first_name,
  last_name: c.last_name,
  business_name: c.business_name,
  email: c.email,
  phone: c.phone,
  vat_reg_nr: c.vat_reg_nr,
  address: { ...c.address },
});

export function ClientEditScreen({ id, me }: { id: string; me: SessionUser }) {
  const { t } = useTranslation('cms');
  const client = useClient(id);
  if (client.isPending) return <Spinner />;
  if (client.isError) return isNotFound(client.error) ? <NotFound title={t('clientEdit.notFound')} /> : <FormAlert messages={[apiErrorText(client.error)]} />;
  return (
    <ClientEditForm
      key={`${client.data.id}:${client.data.version}`}
      client={client.data}
      me={me}
      onReload={async () => {
        await client.refetch();
      }}
    />
  );
}

function ClientEditForm({ client, me, onReload }: { client: AdminClient; me: SessionUser; onReload: () => Promise<void> }) {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const base = useId();
  const canEdit = hasPermission(me, 'clients.edit') && !client.forgotten;
  // The contract's schema, then the domain's rule (spec 5: who needs which name; e-mail, phone and VAT number parsed).
  const schema = useMemo(
    () =>
      clientFormSchema.superRefine((v, ctx) => {
        try {
          checkClientDetails(v.customer_type, {
            firstName: v.first_name,
            lastName: v.last_name,
            businessName: v.business_name,
            email: v.email,
            phone: v.phone,
            vatRegNr: v.vat_reg_nr,
            address: { street: v.address.street, apartment: v.address.apartment, city: v.address.city, state: v.address.state, areaCode: v.address.area_code, country: v.address.country },
          });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          for (const p of error.details?.problems ?? []) ctx.addIssue({ code: 'custom', path: (p.field ?? 'customer_type').split('.'), message: t(`clientEdit.errors.${p.code}`) });
        }
      }),
    [t],
  );
  const form = useForm<ClientForm>({ resolver: zodResolver(schema, { error: staffZodMessages(t) }), defaultValues: formOf(client) });
  const [general, setGeneral] = useState<string[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { errors, isSubmitting, isDirty, isSubmitSuccessful } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitSuccessful, t('page.unsavedChanges'));
  const save = useSaveClient(client.id);
  const forget = useForgetClient(client.id);
  const type = form.watch('customer_type');
  const title = client.forgotten ? t('clientList.forgotten') : clientName(client) || t('clientList.noName');
  const fieldId = (name: string) => `${base}-${name.replace('.', '-')}`;

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    setStale(null);
    try {
      const saved = await save.mutateAsync({ form: values, version: client.version });
      showToast('success', t('admin.saved'));
      form.reset(formOf(saved));
    } catch (error) {
      if (isChangedMeanwhile(error)) setStale(apiErrorText(error));
      else {
        const found = formErrors(error, FIELD_PATHS);
        for (const [field, message] of Object.entries(found.fields)) form.setError(field as keyof ClientForm, { type: 'server', message });
        setGeneral(found.general);
      }
      throw error; // keeps isSubmitSuccessful false, so the guard stays on
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  const text = (name: Exclude<keyof ClientForm, 'address' | 'customer_type'>, autoComplete: string, extra: { type?: string; inputMode?: 'tel' | 'email' } = {}) => (
    <TextField id={fieldId(name)} label={t(`clientEdit.fields.${name}`)} autoComplete={autoComplete} registration={form.register(name)} error={errors[name]?.message} {...extra} />
  );

  return (
    <section className="staff-screen client-edit" aria-labelledby="screen-title">
      <PageMeta title={title} description={t('clientEdit.title')} noindex />
      <form onSubmit={(e) => onSubmit(e).catch(() => {})} noValidate>
        <div className="staff-screen__head">
          <div>
            <p className="staff-breadcrumb">
              <a href={to('/admin/client')}>
                <ArrowLeft size={14} aria-hidden="true" /> {t('clientEdit.backToList')}
              </a>
            </p>
            <h1 id="screen-title">{title}</h1>
          </div>
          {canEdit ? (
            <button type="submit" className="button button--primary" disabled={isSubmitting || !isDirty}>
              <Save size={16} aria-hidden="true" />
              {t('clientEdit.save')}
            </button>
          ) : (
            <p className="muted">{client.forgotten ? t('clientEdit.forgottenNote', { date: client.forgotten_at ? formatDate(client.forgotten_at, lang, true) : '' }) : t('clientEdit.readOnly')}</p>
          )}
        </div>

        <dl className="staff-facts">
          <div>
            <dt>{t('clientList.columns.orders')}</dt>
            <dd>{client.order_count}</dd>
          </div>
          <div>
            <dt>{t('clientList.columns.spent')}</dt>
            <dd>{formatEuro(client.total_spent_cents, lang)}</dd>
          </div>
          <div>
            <dt>{t('clientEdit.registered')}</dt>
            <dd>{client.registered_at ? formatDate(client.registered_at, lang, true) : ''}</dd>
          </div>
        </dl>

        {stale ? (
          <div className="staff-alert staff-alert--warning" role="alert">
            <p>{stale}</p>
            <button type="button" className="button" onClick={() => void reload()} disabled={reloading}>
              <RefreshCw size={14} aria-hidden="true" />
              {t('clientEdit.reload')}
            </button>
          </div>
        ) : null}
        <FormAlert messages={general} />

        {client.forgotten ? null : (
          <div className="staff-panel">
            <fieldset className="client-edit__grid" disabled={!canEdit}>
              <legend>{t('clientEdit.details')}</legend>
              <div className="staff-field">
                <span id={fieldId('type-label')} className="client-edit__type-label">
                  {t('clientEdit.fields.customer_type')}
                </span>
                <div className="client-edit__type" role="radiogroup" aria-labelledby={fieldId('type-label')}>
                  {(['private', 'business'] as const).map((value) => (
                    <label key={value} className="staff-check">
                      <input type="radio" value={value} {...form.register('customer_type')} />
                      {t(`clientList.type.${value}`)}
                    </label>
                  ))}
                </div>
              </div>
              {text('first_name', 'given-name')}
              {text('last_name', 'family-name')}
              {type === 'business' || client.business_name ? text('business_name', 'organization') : null}
              {text('email', 'email', { type: 'email', inputMode: 'email' })}
              {text('phone', 'tel', { type: 'tel', inputMode: 'tel' })}
              {text('vat_reg_nr', 'off')}
            </fieldset>
            <fieldset className="client-edit__grid client-edit__section" disabled={!canEdit}>
              <legend>{t('clientEdit.address')}</legend>
              {ADDRESS_PARTS.map((part) => (
                <TextField
                  key={part}
                  id={fieldId(`address.${part}`)}
                  label={t(`clientEdit.fields.address.${part}`)}
                  autoComplete="off"
                  registration={form.register(`address.${part}`)}
                  error={errors.address?.[part]?.message}
                />
              ))}
            </fieldset>
          </div>
        )}
      </form>

      <section className="client-edit__section" aria-labelledby={fieldId('orders')}>
        <h2 id={fieldId('orders')}>{t('clientEdit.orders')}</h2>
        {client.orders.length ? (
          <table className="client-edit__orders">
            <thead>
              <tr>
                <th scope="col">{t('clientEdit.order.number')}</th>
                <th scope="col">{t('clientEdit.order.date')}</th>
                <th scope="col" className="is-end">
                  {t('clientEdit.order.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {client.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={to(`/admin/order/edit/${encodeURIComponent(o.id)}`)}>#{o.number}</Link>
                  </td>
                  <td>{formatDate(o.placed_at, lang, true)}</td>
                  <td className="is-end">{formatEuro(o.total_cents, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">{t('clientEdit.noOrders')}</p>
        )}
      </section>

      {hasPermission(me, 'history.view') ? (
        <div className="client-edit__section">
          <HistoryTimeline stream={`client-${client.id}`} title={t('clientEdit.history')} />
        </div>
      ) : null}

      {canEdit ? (
        <section className="client-edit__danger" aria-labelledby={fieldId('forget')}>
          <h2 id={fieldId('forget')}>{t('clientEdit.forget.title')}</h2>
          <p>{t('clientEdit.forget.explain')}</p>
          {confirming ? (
            <div className="client-edit__confirm" role="alertdialog" aria-labelledby={fieldId('forget-q')}>
              <p id={fieldId('forget-q')}>
                <strong>{t('clientEdit.forget.question', { name: title })}</strong>
              </p>
              <button
                type="button"
                className="button button--danger"
                disabled={forget.isPending}
                onClick={() =>
                  forget.mutate(undefined, {
                    onSuccess: () => {
                      setConfirming(false);
                      form.reset(form.getValues()); // nothing left to save
                      showToast('success', t('clientEdit.forget.done'));
                    },
                    onError: (error) => setGeneral(formErrors(error, []).general),
                  })
                }
              >
                <UserX size={16} aria-hidden="true" />
                {t('clientEdit.forget.confirm')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
                {t('clientEdit.forget.cancel')}
              </button>
            </div>
          ) : (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              <UserX size={16} aria-hidden="true" />
              {t('clientEdit.forget.button')}
            </button>
          )}
        </section>
      ) : null}
    </section>
  );
}
