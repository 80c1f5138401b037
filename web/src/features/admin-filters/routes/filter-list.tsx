/**
 * FilterList (/admin/filter; spec 2 "Admin area" FilterList, spec 3 "Filter"): every facet of the
 * catalog (the products' technical criteria) in a dense table, edited in place: its label in Estonian and English
 * (empty: the storefront shows the facet as the products carry it), whether it shows on the storefront's listing, and
 * its order in the filter panel (Move up / Move down buttons, keyboard reachable, focus stays on the moved facet);
 * a facet's values get their labels in a second table under it (Values button), beside the categories in which the
 * facet is not shown when its count is 0 for the listing (spec 9, `HideWhenEmpty`). One Save sends the changed facets
 * (PUT /v1/admin/filters, `products.edit`); the order is saved as positions 0..n-1 once it was changed. Forms:
 * react-hook-form with the zod resolver on the contract's label schema; unsaved changes ask before leaving.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Save, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/translation';
import type { AdminFilter } from '../../../../../api/contracts/admin-filters';
import { showToast } from '../../../components/feedback/toasts';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { DataTable, type StaffColumn } from '../../../components/staff/data-table';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { useRouteLanguage } from '../../../lib/language';
import { formErrors } from '../../../lib/staff/form-errors';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { staffZodMessages } from '../../../lib/staff/zod-messages';
import { type CategoryOption, useCategoryOptions } from '../api/get-category-options';
import { FILTERS_KEY, useFilters } from '../api/get-filters';
import { useSaveFilters } from '../api/save-filters';
import { changedFilters, type FilterFormValues as FormValues, filterFormSchema as formSchema, toForm } from '../utils/filter-form';
import './filter-list.css';

export function FilterListScreen() {
  const { t } = useTranslation('cms');
  const filters = useFilters();
  if (filters.isPending) return <Spinner />;
  if (filters.isError) return <FormAlert messages={[apiErrorText(filters.error)]} />;
  // A new list (after a save caught up) starts the form again from it.
  return <FilterForm key={filters.data.map((f) => `${f.name}:${f.version}`).join('|')} loaded={filters.data} title={t('filterList.title')} />;
}

function FilterForm({ loaded, title }: { loaded: AdminFilter[]; title: string }) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const session = useStaffSession();
  const canEdit = hasPermission(session.data ?? null, 'products.edit');
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema, { error: staffZodMessages(t) }), defaultValues: toForm(loaded) });
  const { fields, move } = useFieldArray({ control: form.control, name: 'filters' });
  const [general, setGeneral] = useState<string[]>([]);
  /** A facet was saved by someone else after this list was read (409): offer the latest list instead of overwriting. */
  const [stale, setStale] = useState(false);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const save = useSaveFilters(loaded);
  const { isDirty, isSubmitting, isSubmitSuccessful } = form.formState;
  useUnsavedChangesGuard(isDirty && !isSubmitSuccessful, t('page.unsavedChanges'));

  // Keep the focus on the Move button of the facet that moved (its row is re-rendered at the new place).
  const moveButtons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  useEffect(() => {
    if (!focusAfterMove) return;
    // At the top or bottom the button pressed is disabled now: the focus goes to the other one of the facet.
    const [name, dir] = [focusAfterMove.slice(0, focusAfterMove.lastIndexOf(':')), focusAfterMove.slice(focusAfterMove.lastIndexOf(':') + 1)];
    const pressed = moveButtons.current.get(focusAfterMove);
    (pressed && !pressed.disabled ? pressed : moveButtons.current.get(`${name}:${dir === 'up' ? 'down' : 'up'}`))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, fields]);
  const moveBy = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= fields.length) return;
    move(index, target);
    setFocusAfterMove(`${fields[index]!.name}:${by < 0 ? 'up' : 'down'}`);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setGeneral([]);
    const body = changedFilters(loaded, values);
    if (!body) {
      showToast('info', t('filterList.nothingChanged'));
      return;
    }
    try {
      await save.mutateAsync({ body, lang });
      showToast('success', t('admin.saved'));
      form.reset(values);
    } catch (error) {
      const found = formErrors(error, []);
      setGeneral(found.general);
      setStale(error instanceof ApiError && error.code === 'filter.changed_meanwhile');
      throw error;
    }
  });

  type Row = { key: string; index: number; name: string };
  const rows: Row[] = fields.map((f, index) => ({ key: f.id, index, name: f.name }));
  const columns = useMemo((): StaffColumn<Row>[] => {
    const labelInput = (r: Row, language: 'et' | 'en') => (
      <input
        className="filter-list__input"
        aria-label={t(`filterList.labelIn.${language}`, { name: r.name })}
        placeholder={language === 'et' ? r.name : undefined}
        readOnly={!canEdit}
        {...form.register(`filters.${r.index}.label.${language}`)}
      />
    );
    return [
      {
        id: 'order',
        header: t('filterList.columns.order'),
        value: (r) => r.index,
        sortable: false,
        cell: (r) => (
          <span className="filter-list__order">
            <span className="filter-list__position">{r.index + 1}</span>
            {canEdit ? (
              <>
                <button
                  type="button"
                  className="icon-button"
                  ref={(el) => void moveButtons.current.set(`${r.name}:up`, el)}
                  disabled={r.index === 0}
                  aria-label={t('filterList.moveUp', { name: r.name })}
                  title={t('filterList.moveUp', { name: r.name })}
                  onClick={() => moveBy(r.index, -1)}
                >
                  <ArrowUp size={15} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  ref={(el) => void moveButtons.current.set(`${r.name}:down`, el)}
                  disabled={r.index === fields.length - 1}
                  aria-label={t('filterList.moveDown', { name: r.name })}
                  title={t('filterList.moveDown', { name: r.name })}
                  onClick={() => moveBy(r.index, 1)}
                >
                  <ArrowDown size={15} aria-hidden="true" />
                </button>
              </>
            ) : null}
          </span>
        ),
      },
      { id: 'name', header: t('filterList.columns.name'), value: (r) => r.name, sortable: false, cell: (r) => <span className="filter-list__name">{r.name}</span> },
      { id: 'labelEt', header: t('filterList.columns.labelEt'), value: () => null, sortable: false, cell: (r) => labelInput(r, 'et') },
      { id: 'labelEn', header: t('filterList.columns.labelEn'), value: () => null, sortable: false, cell: (r) => labelInput(r, 'en') },
      {
        id: 'shown',
        header: t('filterList.columns.shown'),
        value: () => null,
        sortable: false,
        cell: (r) => (
          <label className="filter-list__shown">
            <input type="checkbox" disabled={!canEdit} {...form.register(`filters.${r.index}.shown`)} />
            <span className="visually-hidden">{t('filterList.shownOf', { name: r.name })}</span>
          </label>
        ),
      },
      {
        id: 'values',
        header: t('filterList.columns.values'),
        value: () => null,
        sortable: false,
        align: 'end',
        cell: (r) => (
          <button type="button" className="button button--small" aria-expanded={editing === r.name} aria-controls="filter-values" onClick={() => setEditing(editing === r.name ? null : r.name)}>
            {t('filterList.valuesButton', { count: form.getValues(`filters.${r.index}.values`).length })}
          </button>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, canEdit, fields, editing]);

  const editingIndex = editing === null ? -1 : fields.findIndex((f) => f.name === editing);

  return (
    <section className="staff-screen filter-list" aria-labelledby="screen-title">
      <PageMeta title={title} description={title} noindex />
      <form onSubmit={(e) => void onSubmit(e).catch(() => {})} noValidate>
        <div className="staff-screen__head">
          <div>
            <h1 id="screen-title">{title}</h1>
            <p className="muted filter-list__intro">{t('filterList.intro')}</p>
          </div>
          {canEdit ? (
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              <Save size={16} aria-hidden="true" />
              {t('admin.save')}
            </button>
          ) : null}
        </div>
        <FormAlert messages={general} />
        {stale ? (
          <p>
            <button type="button" className="button" onClick={() => void queryClient.invalidateQueries({ queryKey: FILTERS_KEY })}>
              {t('filterList.reload')}
            </button>
          </p>
        ) : null}
        <DataTable caption={title} rows={rows} columns={columns} defaultSort={null} rowKey={(r) => r.key} empty={t('filterList.empty')} sortLabel={() => t('admin.table.sort')} />
        {editingIndex >= 0 ? <ValueLabels
            form={form}
            index={editingIndex}
            name={fields[editingIndex]!.name}
            canEdit={canEdit}
            lang={lang}
            hasHistory={(loaded.find((f) => f.name === fields[editingIndex]!.name)?.version ?? 0) > 0}
          /> : null}
      </form>
    </section>
  );
}

function ValueLabels({
  form,
  index,
  name,
  canEdit,
  lang,
  hasHistory,
}: {
  form: UseFormReturn<FormValues>;
  index: number;
  name: string;
  canEdit: boolean;
  lang: 'et' | 'en';
  /** The facet's stream has events (version > 0): its audit timeline is shown. */
  hasHistory: boolean;
}) {
  const { t } = useTranslation('cms');
  const session = useStaffSession();
  const canSeeHistory = hasPermission(session.data ?? null, 'history.view');
  type Row = { value: string; count: number; j: number };
  const rows: Row[] = form.getValues(`filters.${index}.values`).map((v, j) => ({ value: v.value, count: v.count, j }));
  const columns = useMemo(
    (): StaffColumn<Row>[] => [
      { id: 'value', header: t('filterList.values.value'), value: (r) => r.value, sortable: false, cell: (r) => <span className="filter-list__name">{r.value}</span> },
      { id: 'count', header: t('filterList.values.count'), value: (r) => r.count, sortable: false, align: 'end', cell: (r) => formatCount(r.count, lang) },
      ...(['et', 'en'] as const).map(
        (language): StaffColumn<Row> => ({
          id: `label-${language}`,
          header: t(`filterList.columns.label${language === 'et' ? 'Et' : 'En'}`),
          value: () => null,
          sortable: false,
          cell: (r) => (
            <input
              className="filter-list__input"
              aria-label={t(`filterList.valueLabelIn.${language}`, { value: r.value })}
              placeholder={language === 'et' ? r.value : undefined}
              readOnly={!canEdit}
              {...form.register(`filters.${index}.values.${r.j}.label.${language}`)}
            />
          ),
        }),
      ),
    ],
    [t, form, index, canEdit, lang],
  );
  return (
    <section id="filter-values" className="filter-list__values" aria-labelledby="filter-values-title">
      <h2 id="filter-values-title">{t('filterList.valuesOf', { name })}</h2>
      <HideWhenEmpty form={form} index={index} name={name} canEdit={canEdit} lang={lang} />
      <DataTable caption={t('filterList.valuesOf', { name })} rows={rows} columns={columns} defaultSort={null} rowKey={(r) => r.value} empty={t('filterList.noValues')} sortLabel={() => t('admin.table.sort')} />
      {canSeeHistory && hasHistory ? <HistoryTimeline stream={`filter-${name}`} title={t('filterList.history', { name })} /> : null}
    </section>
  );
}

const pathText = (option: CategoryOption | undefined, id: string, lang: 'et' | 'en') =>
  option ? option.path.map((n) => n[lang] || n.et).join(' › ') : id;

/**
 * The categories in which facet `name` is not shown when its count is 0 for the listing (spec 9: "Category id 237
 * has a model filter hidden when its count is 0"): listed with a Remove button each, and a category chooser with Add.
 * Saved with the form (SetFilterHiddenWhenEmpty, FilterHiddenWhenEmptyChanged with the staff member).
 */
function HideWhenEmpty({ form, index, name, canEdit, lang }: { form: UseFormReturn<FormValues>; index: number; name: string; canEdit: boolean; lang: 'et' | 'en' }) {
  const { t } = useTranslation('cms');
  const categories = useCategoryOptions(true);
  const chosen = form.watch(`filters.${index}.hideWhenEmptyIn`);
  const [pick, setPick] = useState('');
  const byId = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c])), [categories.data]);
  const set = (next: string[]) => form.setValue(`filters.${index}.hideWhenEmptyIn`, next, { shouldDirty: true });
  const selectId = `filter-hide-empty-${index}`;
  return (
    <fieldset className="filter-list__hide-empty">
      <legend>{t('filterList.hideWhenEmpty.title', { name })}</legend>
      <p className="muted">{t('filterList.hideWhenEmpty.help')}</p>
      {chosen.length === 0 ? (
        <p>{t('filterList.hideWhenEmpty.none')}</p>
      ) : (
        <ul className="filter-list__hide-empty-list">
          {chosen.map((id) => (
            <li key={id}>
              <span>{pathText(byId.get(id), id, lang)}</span>
              {canEdit ? (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('filterList.hideWhenEmpty.remove', { category: pathText(byId.get(id), id, lang) })}
                  title={t('filterList.hideWhenEmpty.remove', { category: pathText(byId.get(id), id, lang) })}
                  onClick={() => set(chosen.filter((c) => c !== id))}
                >
                  <X size={15} aria-hidden="true" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <div className="filter-list__hide-empty-add">
          <label htmlFor={selectId}>{t('filterList.hideWhenEmpty.category')}</label>
          <select id={selectId} value={pick} onChange={(e) => setPick(e.target.value)} disabled={!categories.data}>
            <option value="">{categories.isPending ? t('filterList.hideWhenEmpty.loading') : t('filterList.hideWhenEmpty.choose')}</option>
            {(categories.data ?? [])
              .filter((c) => !chosen.includes(c.id))
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {pathText(c, c.id, lang)}
                </option>
              ))}
          </select>
          <button
            type="button"
            className="button button--small"
            disabled={!pick}
            onClick={() => {
              if (!pick || chosen.includes(pick)) return;
              set([...chosen, pick]);
              setPick('');
            }}
          >
            <Plus size={15} aria-hidden="true" />
            {t('filterList.hideWhenEmpty.add')}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
