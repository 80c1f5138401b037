/**
 * WarehouseEdit (spec 2 "Admin area"), /admin/warehouse/create and /admin/warehouse/edit/{id} (the
 * warehouse read by GET /v1/admin/warehouses/{id}): the name
 * and, on create, the optional code the stock data names it by (default made from the name by the api) (create:
 * POST /v1/admin/warehouses, then the list; edit: rename with PUT /v1/admin/warehouses/{id} `{ name }`) and
 * Deactivate (PUT `{ active: false }`, after a confirmation). The name validates with the contract's
 * `createWarehouseBodySchema` (required) through the zod resolver; the server's field errors show under it; unsaved
 * changes ask before the page is left.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { createWarehouseBodySchema, type AdminWarehouse } from '../../../../../api/contracts/admin-warehouses';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { FormAlert, TextField } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { apiErrorText, isNotFound } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { useWarehouse } from '../api/get-warehouse';
import { createWarehouse, updateWarehouse, useWarehouseMutation } from '../api/save-warehouse';

/** The name as the form edits it: the contract's rule plus "not only spaces". */
const nameSchema = createWarehouseBodySchema.extend({ name: createWarehouseBodySchema.shape.name.pipe(z.string().trim().min(1)) });

export function WarehouseEditScreen({ id }: { id: string | undefined }) {
  const { t } = useTranslation('cms');
  const warehouse = useWarehouse(id);
  if (id === undefined) return <WarehouseForm warehouse={null} />;
  if (warehouse.isPending) return <Spinner />;
  if (warehouse.isError) return isNotFound(warehouse.error) ? <NotFound title={t('admin.warehouses.notFound')} /> : <FormAlert messages={[apiErrorText(warehouse.error)]} />;
  return <WarehouseForm key={`${warehouse.data.id}:${warehouse.data.version}`} warehouse={warehouse.data} />;
}

function WarehouseForm({ warehouse }: { warehouse: AdminWarehouse | null }) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof nameSchema>, unknown, z.output<typeof nameSchema>>({
    resolver: zodResolver(nameSchema, { error: staffZodMessages(t) }),
    defaultValues: { name: warehouse?.name ?? '', id: '' },
  });
  const [general, setGeneral] = useState<string[]>([]);
  const { errors, isSubmitting, isDirty, isSubmitSuccessful } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitSuccessful, t('page.unsavedChanges'));
  const save = useWarehouseMutation(({ name, id }: { name: string; id?: string }) =>
    warehouse ? updateWarehouse(warehouse.id, { name }) : createWarehouse({ name, ...(id?.trim() ? { id: id.trim() } : {}) }),
  );
  const deactivate = useWarehouseMutation(() => updateWarehouse(warehouse!.id, { active: false }));
  const title = warehouse ? warehouse.name : t('admin.warehouses.create');

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    try {
      const saved = await save.mutateAsync(values);
      showToast('success', t('admin.saved'));
      if (!warehouse) navigate(to('/admin/warehouse'), { replace: true });
      else form.reset({ name: saved.name });
    } catch (error) {
      const found = formErrors(error, ['name', 'id']);
      for (const [field, message] of Object.entries(found.fields)) form.setError(field as 'name' | 'id', { type: 'server', message });
      setGeneral(found.general);
      throw error; // keeps isSubmitSuccessful false, so the guard stays on
    }
  });

  return (
    <section className="staff-screen staff-screen--narrow" aria-labelledby="screen-title">
      <PageMeta title={title} description={t('admin.warehouses.title')} noindex />
      <div className="staff-screen__head">
        <div>
          <p className="staff-breadcrumb">
            <Link to={to('/admin/warehouse')}>{t('admin.warehouses.title')}</Link>
          </p>
          <h1 id="screen-title">{title}</h1>
        </div>
        {warehouse?.active ? (
          <button
            type="button"
            className="button button--danger"
            disabled={deactivate.isPending}
            onClick={() => {
              if (!window.confirm(t('admin.warehouses.deactivateConfirm', { name: warehouse.name }))) return;
              deactivate.mutate(undefined, {
                onSuccess: () => showToast('success', t('admin.warehouses.deactivated')),
                onError: (error) => setGeneral(formErrors(error, []).general),
              });
            }}
          >
            <Ban size={16} aria-hidden="true" />
            {t('admin.warehouses.deactivate')}
          </button>
        ) : null}
      </div>
      {warehouse ? (
        <dl className="staff-facts">
          <div>
            <dt>{t('admin.warehouses.state')}</dt>
            <dd>
              <span className={`staff-state ${warehouse.active ? 'is-active' : 'is-inactive'}`}>{warehouse.active ? t('admin.state.active') : t('admin.state.inactive')}</span>
            </dd>
          </div>
        </dl>
      ) : null}
      <form className="staff-form staff-panel" onSubmit={(e) => onSubmit(e).catch(() => {})} noValidate>
        <TextField id="warehouse-name" label={t('admin.warehouses.name')} autoComplete="off" registration={form.register('name')} error={errors.name?.message} />
        {warehouse ? null : (
          <TextField
            id="warehouse-code"
            label={t('admin.warehouses.code')}
            hint={t('admin.warehouses.codeHint')}
            autoComplete="off"
            registration={form.register('id')}
            error={errors.id?.message}
          />
        )}
        <FormAlert messages={general} />
        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting || (warehouse !== null && !isDirty)}>
            <Save size={16} aria-hidden="true" />
            {warehouse ? t('admin.warehouses.rename') : t('admin.warehouses.createSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}
