/**
 * The bulk fitment screen `/admin/fitment` (FitmentBulk; docs/architecture.md "Vehicle fitment", back office): choose the products
 * (search text, category, facet value `name=value`, pasted part numbers: all given must hold), the operation (add /
 * remove / replace applications picked with the vehicle picker, or set a mode), see the preview (N products, how
 * many change, M applications added / K removed, the codes matching nothing, a page of products), then apply with a
 * reason: one ChangeProductFitment per product, each in its audit timeline. Apply is offered only for the inputs the
 * preview was made for. Below: the fitment CSV's export (download) and import (all or nothing, errors by line), and
 * adding a vehicle the reference lacks (POST /v1/admin/vehicles).
 * Keyboard: plain form controls in reading order; Enter in the search field previews.
 */
import { Download, Eye, Play, Trash2, Upload } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { ApplicationInputDto, FitmentApplyResult, FitmentOperationDto, FitmentPreview, FitmentSelectionDto } from '../../../../../api/contracts/admin-fitment';
import { PageMeta } from '../../../components/page-meta';
import { FormAlert } from '../../../components/staff/text-field';
import { VehiclePicker, vehicleReferenceChanged } from '../../../components/staff/vehicle-picker';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { addVehicle, applyFitment, fitmentExportUrl, importFitmentCsv, previewFitment, useCategoryOptions } from '../api/bulk-fitment';
import './fitment-bulk.css';

type Op = 'add' | 'remove' | 'replace' | 'mode';
const OPS: Op[] = ['add', 'remove', 'replace', 'mode'];
const SET_MODES = ['universal', 'not-vehicle-specific', 'unknown'] as const;
const PAGE_SIZE = 50;

/** The error texts of a failed call: one per line of a CSV, else the message. */
function errorTexts(error: unknown): string[] {
  const items = error instanceof ApiError ? (error.body as { errors?: { message?: string; field?: string }[] } | null)?.errors : undefined;
  const lines = (items ?? []).filter((e) => e.field?.startsWith('line.')).map((e) => e.message ?? '').filter(Boolean);
  return lines.length ? lines : [apiErrorText(error)];
}

export function FitmentBulkScreen({ me }: { me: SessionUser }) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const base = useId();
  const id = (s: string) => `${base}-${s}`;
  const canEdit = hasPermission(me, 'products.edit');
  const categories = useCategoryOptions(lang);
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [facet, setFacet] = useState('');
  const [codesText, setCodesText] = useState('');
  const [op, setOp] = useState<Op>('add');
  const [mode, setMode] = useState<(typeof SET_MODES)[number]>('universal');
  const [applications, setApplications] = useState<{ input: ApplicationInputDto; label: string }[]>([]);
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<{ key: string; data: FitmentPreview } | null>(null);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<FitmentApplyResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const selection = useMemo<FitmentSelectionDto>(() => {
    const codes = codesText.split(/[\n,;\t]+/).map((c) => c.trim()).filter(Boolean);
    return { ...(q.trim() ? { q: q.trim() } : {}), ...(categoryId ? { categoryId } : {}), ...(facet.trim() ? { facet: facet.trim() } : {}), ...(codes.length ? { codes } : {}) };
  }, [q, categoryId, facet, codesText]);
  const operation = useMemo<FitmentOperationDto>(() => (op === 'mode' ? { op, mode } : { op, applications: applications.map((a) => a.input) }), [op, mode, applications]);
  const key = JSON.stringify([selection, operation]);
  const previewFresh = preview !== null && preview.key === key;

  const runPreview = async (toPage = 1) => {
    setErrors([]);
    setResult(null);
    if (!Object.keys(selection).length) return setErrors([t('fitment.bulk.selectionRequired')]);
    if (op !== 'mode' && !applications.length) return setErrors([t('fitment.bulk.applicationsRequired')]);
    setBusy(true);
    try {
      const data = await previewFitment({ selection, operation, page: toPage, pageSize: PAGE_SIZE }, lang);
      setPreview({ key, data });
      setPage(toPage);
    } catch (error) {
      setErrors(errorTexts(error));
    } finally {
      setBusy(false);
    }
  };

  const runApply = async () => {
    setErrors([]);
    if (!reason.trim()) return setErrors([t('fitment.reasonRequired')]);
    setBusy(true);
    try {
      setResult(await applyFitment({ selection, operation, reason: reason.trim() }, lang));
      setPreview(null);
    } catch (error) {
      setErrors(errorTexts(error));
    } finally {
      setBusy(false);
    }
  };

  const pages = preview ? Math.max(1, Math.ceil(preview.data.summary.products / PAGE_SIZE)) : 1;

  return (
    <section className="staff-screen fitment-bulk" aria-labelledby="screen-title">
      <PageMeta title={t('fitment.bulk.title')} description={t('fitment.bulk.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('fitment.bulk.title')}</h1>
        <a className="button" href={fitmentExportUrl(lang)} download>
          <Download size={14} aria-hidden="true" />
          {t('fitment.csv.export')}
        </a>
      </div>

      <form
        className="fitment-bulk__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void runPreview(1);
        }}
      >
        <fieldset className="staff-panel">
          <legend>{t('fitment.bulk.selection')}</legend>
          <p className="staff-field__hint">{t('fitment.bulk.selectionHint')}</p>
          <div className="staff-form__row">
            <div className="staff-field">
              <label htmlFor={id('q')}>{t('fitment.bulk.search')}</label>
              <input id={id('q')} type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
            </div>
            <div className="staff-field">
              <label htmlFor={id('category')}>{t('fitment.bulk.category')}</label>
              <select id={id('category')} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
                <option value="">{t('fitment.bulk.anyCategory')}</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${'\u00a0\u00a0'.repeat(c.depth)}${c.name}`}
                  </option>
                ))}
              </select>
            </div>
            <div className="staff-field">
              <label htmlFor={id('facet')}>{t('fitment.bulk.facet')}</label>
              <input id={id('facet')} maxLength={300} placeholder="Marque=Triumph" value={facet} onChange={(e) => setFacet(e.target.value)} aria-describedby={id('facet-hint')} />
              <p id={id('facet-hint')} className="staff-field__hint">
                {t('fitment.bulk.facetHint')}
              </p>
            </div>
            <div className="staff-field">
              <label htmlFor={id('codes')}>{t('fitment.bulk.codes')}</label>
              <textarea id={id('codes')} rows={3} value={codesText} onChange={(e) => setCodesText(e.target.value)} aria-describedby={id('codes-hint')} />
              <p id={id('codes-hint')} className="staff-field__hint">
                {t('fitment.bulk.codesHint')}
              </p>
            </div>
          </div>
        </fieldset>

        <fieldset className="staff-panel">
          <legend>{t('fitment.bulk.operation')}</legend>
          <div className="fitment-modes" role="radiogroup" aria-label={t('fitment.bulk.operation')}>
            {OPS.map((o) => (
              <label key={o} className="staff-check">
                <input type="radio" name={id('op')} value={o} checked={op === o} onChange={() => setOp(o)} />
                {t(`fitment.bulk.op.${o}`)}
              </label>
            ))}
          </div>
          {op === 'mode' ? (
            <div className="staff-field">
              <label htmlFor={id('mode')}>{t('fitment.mode.label')}</label>
              <select id={id('mode')} value={mode} onChange={(e) => setMode(e.target.value as (typeof SET_MODES)[number])}>
                {SET_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`fitment.mode.${m}`)}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <>
              <ul className="fitment-bulk__applications" aria-label={t('fitment.section.applications')}>
                {applications.length === 0 ? <li className="muted">{t('fitment.bulk.noApplications')}</li> : null}
                {applications.map((a, i) => (
                  <li key={`${a.label}-${i}`}>
                    <span>
                      {a.label}
                      {a.input.positions?.length ? ` · ${a.input.positions.map((p) => t(`fitment.position.${p}`)).join(', ')}` : ''}
                      {a.input.engineCode ? ` · ${a.input.engineCode}` : ''}
                      {a.input.note ? ` · ${a.input.note}` : ''}
                    </span>
                    <button type="button" className="button" onClick={() => setApplications((old) => old.filter((_, j) => j !== i))} aria-label={t('fitment.remove', { label: a.label })}>
                      <Trash2 size={14} aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
              <VehiclePicker idBase={id('picker')} onAdd={(input, label) => setApplications((old) => [...old, { input, label }])} />
            </>
          )}
        </fieldset>

        <div className="staff-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            <Eye size={16} aria-hidden="true" />
            {t('fitment.bulk.preview')}
          </button>
        </div>
      </form>

      <FormAlert messages={errors} />

      {result ? (
        <div className="staff-alert staff-alert--success" role="status">
          <p>{t('fitment.bulk.applied', { products: result.products, changed: result.changed, added: result.added, removed: result.removed })}</p>
          {result.failed.length ? <p>{t('fitment.bulk.failed', { count: result.failed.length })}</p> : null}
        </div>
      ) : null}

      {preview ? (
        <section className="staff-panel fitment-bulk__preview" aria-labelledby={id('preview')} aria-live="polite">
          <h2 id={id('preview')}>{t('fitment.bulk.previewTitle')}</h2>
          <p className="fitment-bulk__summary">{t('fitment.bulk.summary', { products: preview.data.summary.products, changed: preview.data.summary.changed, added: preview.data.summary.added, removed: preview.data.summary.removed })}</p>
          {preview.data.missingCodes.length ? <p className="staff-alert staff-alert--warning">{t('fitment.bulk.missingCodes', { codes: preview.data.missingCodes.join(', ') })}</p> : null}
          <table className="fitment-list">
            <thead>
              <tr>
                <th scope="col">{t('fitment.column.code')}</th>
                <th scope="col">{t('fitment.column.name')}</th>
                <th scope="col">{t('fitment.column.before')}</th>
                <th scope="col">{t('fitment.column.after')}</th>
                <th scope="col">{t('fitment.column.added')}</th>
                <th scope="col">{t('fitment.column.removed')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.data.products.map((p) => (
                <tr key={p.id}>
                  <td>{p.code1}</td>
                  <td>{p.name}</td>
                  <td>{t(`fitment.mode.${p.modeBefore}`)}</td>
                  <td>{t(`fitment.mode.${p.modeAfter}`)}</td>
                  <td>{p.added.join(', ')}</td>
                  <td>{p.removed.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav className="fitment-bulk__pages" aria-label={t('fitment.bulk.pages')}>
              <button type="button" className="button" disabled={page <= 1 || busy} onClick={() => void runPreview(page - 1)}>
                {t('fitment.bulk.previous')}
              </button>
              <span>{t('fitment.bulk.page', { page, pages })}</span>
              <button type="button" className="button" disabled={page >= pages || busy} onClick={() => void runPreview(page + 1)}>
                {t('fitment.bulk.next')}
              </button>
            </nav>
          ) : null}
          {canEdit && previewFresh ? (
            <div className="staff-form__row fitment-bulk__apply">
              <div className="staff-field">
                <label htmlFor={id('reason')}>{t('fitment.reason')}</label>
                <input id={id('reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={id('reason-hint')} />
                <p id={id('reason-hint')} className="staff-field__hint">
                  {t('fitment.reasonHint')}
                </p>
              </div>
              <div className="staff-form__actions">
                <button type="button" className="button button--primary" disabled={busy || preview.data.summary.changed === 0} onClick={() => void runApply()}>
                  <Play size={16} aria-hidden="true" />
                  {t('fitment.bulk.apply', { count: preview.data.summary.changed })}
                </button>
              </div>
            </div>
          ) : null}
        </section>
      ) : null}

      {canEdit ? <FitmentImport lang={lang} /> : null}
      {canEdit ? <AddVehicleForm lang={lang} /> : null}
    </section>
  );
}

/** The fitment CSV import: a file, a reason, check then import; all or nothing, errors with their line numbers. */
function FitmentImport({ lang }: { lang: ReturnType<typeof useRouteLanguage>['lang'] }) {
  const { t } = useTranslation('cms');
  const base = useId();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (dryRun: boolean) => {
    setErrors([]);
    setDone(null);
    if (!file) return setErrors([t('fitment.csv.fileRequired')]);
    setBusy(true);
    try {
      const text = await file.text();
      const r = await importFitmentCsv(text, reason.trim() || `CSV: ${file.name}`, lang, dryRun);
      setDone(t(dryRun ? 'fitment.csv.checked' : 'fitment.csv.imported', { products: r.products, changed: r.changed }));
    } catch (error) {
      setErrors(errorTexts(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-panel fitment-bulk__import" aria-labelledby={`${base}-import`}>
      <h2 id={`${base}-import`}>{t('fitment.csv.importTitle')}</h2>
      <p className="staff-field__hint">{t('fitment.csv.importHint')}</p>
      <div className="staff-form__row">
        <div className="staff-field">
          <label htmlFor={`${base}-file`}>{t('fitment.csv.file')}</label>
          <input id={`${base}-file`} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="staff-field">
          <label htmlFor={`${base}-reason`}>{t('fitment.reason')}</label>
          <input id={`${base}-reason`} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </div>
      <div className="staff-form__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void run(true)}>
          <Eye size={14} aria-hidden="true" />
          {t('fitment.csv.check')}
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void run(false)}>
          <Upload size={14} aria-hidden="true" />
          {t('fitment.csv.import')}
        </button>
      </div>
      {done ? (
        <p className="staff-alert staff-alert--success" role="status">
          {done}
        </p>
      ) : null}
      <FormAlert messages={errors} />
    </section>
  );
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Adds a vehicle missing from the reference: make, model, generation code, production from/to (YYYY-MM, to empty while produced). */
function AddVehicleForm({ lang }: { lang: ReturnType<typeof useRouteLanguage>['lang'] }) {
  const { t } = useTranslation('cms');
  const base = useId();
  const queryClient = useQueryClient();
  const [v, setV] = useState({ make: '', model: '', generation: '', from: '', to: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof v, label: string, extra: { placeholder?: string; maxLength?: number } = {}) => (
    <div className="staff-field">
      <label htmlFor={`${base}-${name}`}>{label}</label>
      <input id={`${base}-${name}`} maxLength={extra.maxLength ?? 80} placeholder={extra.placeholder} value={v[name]} onChange={(e) => setV((old) => ({ ...old, [name]: e.target.value }))} />
    </div>
  );
  const submit = async () => {
    setErrors([]);
    setDone(null);
    if (!v.make.trim() || !v.model.trim()) return setErrors([t('fitment.vehicle.required')]);
    if (!MONTH.test(v.from.trim()) || (v.to.trim() && !MONTH.test(v.to.trim()))) return setErrors([t('fitment.vehicle.monthInvalid')]);
    setBusy(true);
    try {
      const r = await addVehicle({ make: v.make.trim(), model: v.model.trim(), generation: v.generation.trim() || null, from: v.from.trim(), to: v.to.trim() || null }, lang);
      setDone(t(r.added ? 'fitment.vehicle.added' : 'fitment.vehicle.exists', { label: r.vehicle.label }));
      vehicleReferenceChanged(queryClient);
    } catch (error) {
      setErrors(errorTexts(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-panel fitment-bulk__import fitment-bulk__vehicle" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('fitment.vehicle.title')}</h2>
      <p className="staff-field__hint">{t('fitment.vehicle.hint')}</p>
      <div className="staff-form__row">
        {field('make', t('fitment.picker.make'), { placeholder: 'Triumph' })}
        {field('model', t('fitment.picker.model'), { placeholder: 'TR7' })}
        {field('generation', t('fitment.vehicle.generationCode'), { placeholder: 'Mk II' })}
        <div />
        {field('from', t('fitment.vehicle.from'), { placeholder: '1975-01', maxLength: 7 })}
        {field('to', t('fitment.vehicle.to'), { placeholder: '1981-12', maxLength: 7 })}
      </div>
      <div className="staff-form__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void submit()}>
          {t('fitment.vehicle.add')}
        </button>
      </div>
      {done ? (
        <p className="staff-alert staff-alert--success" role="status">
          {done}
        </p>
      ) : null}
      <FormAlert messages={errors} />
    </section>
  );
}
