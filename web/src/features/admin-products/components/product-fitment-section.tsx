/**
 * ProductEdit's Fitment section (docs/architecture.md "Vehicle fitment", back office): the product's applications (label,
 * positions, engine code, note), the mode (vehicle-specific list / universal / not vehicle-specific / unknown),
 * adding with the three-step vehicle picker (components/staff/vehicle-picker.tsx), removing, and its own save with a
 * required reason: one `ChangeProductFitment` (PUT /v1/admin/products/{id}/fitment), shown in the audit timeline.
 * Outside the product form, so a fitment change never races the form's version.
 */
import { Save, Trash2, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { ApplicationDto, ApplicationInputDto, ProductFitmentAdmin } from '../../../../../api/contracts/admin-fitment';
import { showToast } from '../../../components/feedback/toasts';
import { Spinner } from '../../../components/spinner';
import { FormAlert } from '../../../components/staff/text-field';
import { VehiclePicker } from '../../../components/staff/vehicle-picker';
import { apiErrorText } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { useProductFitment, useSaveProductFitment } from '../api/product-fitment';

const MODES = ['applications', 'universal', 'not-vehicle-specific', 'unknown'] as const;
type Mode = (typeof MODES)[number];

/** An application as the api names it for removal (slugs and qualifiers). */
export function inputOf(a: ApplicationDto): ApplicationInputDto {
  return {
    make: a.make,
    ...(a.model ? { model: a.model } : {}),
    ...(a.generation ? { generation: a.generation } : {}),
    ...(a.fromYear !== null ? { fromYear: a.fromYear, toYear: a.toYear } : {}),
    ...(a.positions.length ? { positions: a.positions } : {}),
    ...(a.engineCode ? { engineCode: a.engineCode } : {}),
    ...(a.note ? { note: a.note } : {}),
  };
}

export function ProductFitmentSection({ productId, lang, canEdit }: { productId: string; lang: Language; canEdit: boolean }) {
  const { t } = useTranslation('cms');
  const fitment = useProductFitment(productId, lang);
  const base = useId();
  return (
    <section className="staff-panel product-edit__fitment" aria-labelledby={`${base}-fitment`}>
      <h2 id={`${base}-fitment`} className="product-edit__h2">
        {t('fitment.section.title')}
      </h2>
      {fitment.isPending ? <Spinner /> : fitment.isError ? <FormAlert messages={[apiErrorText(fitment.error)]} /> : <FitmentEditor key={fitment.data.version} current={fitment.data} productId={productId} lang={lang} canEdit={canEdit} idBase={base} />}
    </section>
  );
}

function FitmentEditor({ current, productId, lang, canEdit, idBase }: { current: ProductFitmentAdmin; productId: string; lang: Language; canEdit: boolean; idBase: string }) {
  const { t } = useTranslation('cms');
  const [mode, setMode] = useState<Mode>(current.mode);
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [added, setAdded] = useState<{ input: ApplicationInputDto; label: string }[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveProductFitment(productId, lang);
  const modeChanged = mode !== current.mode && mode !== 'applications';
  const dirty = modeChanged || removed.size > 0 || added.length > 0;
  const listMode = mode === 'applications' || (mode === 'unknown' && current.mode === 'unknown');

  const toggleRemoved = (i: number) =>
    setRemoved((old) => {
      const next = new Set(old);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  const onSave = async () => {
    setErrors([]);
    if (!reason.trim()) return setErrors([t('fitment.reasonRequired')]);
    try {
      await save.mutateAsync(
        modeChanged
          ? { mode, reason: reason.trim() }
          : { add: added.map((a) => a.input), remove: current.applications.filter((_, i) => removed.has(i)).map(inputOf), reason: reason.trim() },
      );
      showToast('success', t('admin.saved'));
    } catch (error) {
      setErrors([apiErrorText(error)]);
    }
  };

  return (
    <div className="fitment-editor">
      <fieldset className="fitment-modes" disabled={!canEdit}>
        <legend>{t('fitment.mode.label')}</legend>
        {MODES.map((m) => (
          <label key={m} className="staff-check">
            <input type="radio" name={`${idBase}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />
            {t(`fitment.mode.${m}`)}
          </label>
        ))}
      </fieldset>
      {listMode ? (
        <>
          <table className="fitment-list">
            <caption className="visually-hidden">{t('fitment.section.applications')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fitment.column.vehicle')}</th>
                <th scope="col">{t('fitment.column.positions')}</th>
                <th scope="col">{t('fitment.column.engineCode')}</th>
                <th scope="col">{t('fitment.column.note')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('fitment.column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {current.applications.length === 0 && added.length === 0 ? (
                <tr>
                  <td colSpan={5} className="muted">
                    {t('fitment.section.none')}
                  </td>
                </tr>
              ) : null}
              {current.applications.map((a, i) => (
                <tr key={`${a.label}-${i}`} className={removed.has(i) ? 'is-removed' : undefined}>
                  <td>{a.label}</td>
                  <td>{a.positions.map((p) => t(`fitment.position.${p}`)).join(', ')}</td>
                  <td>{a.engineCode ?? ''}</td>
                  <td>{a.note ?? ''}</td>
                  <td>
                    {canEdit ? (
                      <button type="button" className="button" onClick={() => toggleRemoved(i)} aria-label={t(removed.has(i) ? 'fitment.undoRemove' : 'fitment.remove', { label: a.label })}>
                        {removed.has(i) ? <Undo2 size={14} aria-hidden="true" /> : <Trash2 size={14} aria-hidden="true" />}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
              {added.map((a, i) => (
                <tr key={`added-${a.label}-${i}`} className="is-added">
                  <td>
                    {a.label} <span className="muted">({t('fitment.new')})</span>
                  </td>
                  <td>{(a.input.positions ?? []).map((p) => t(`fitment.position.${p}`)).join(', ')}</td>
                  <td>{a.input.engineCode ?? ''}</td>
                  <td>{a.input.note ?? ''}</td>
                  <td>
                    <button type="button" className="button" onClick={() => setAdded((old) => old.filter((_, j) => j !== i))} aria-label={t('fitment.remove', { label: a.label })}>
                      <Trash2 size={14} aria-hidden="true" />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {canEdit ? <VehiclePicker idBase={`${idBase}-picker`} onAdd={(input, label) => { setAdded((old) => [...old, { input, label }]); setMode('applications'); }} /> : null}
        </>
      ) : (
        <p className="muted">{t(`fitment.modeHint.${mode}`)}</p>
      )}
      {canEdit ? (
        <div className="staff-form__row fitment-editor__save">
          <div className="staff-field">
            <label htmlFor={`${idBase}-reason`}>{t('fitment.reason')}</label>
            <input id={`${idBase}-reason`} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={`${idBase}-reason-hint`} />
            <p id={`${idBase}-reason-hint`} className="staff-field__hint">
              {t('fitment.reasonHint')}
            </p>
          </div>
          <div className="staff-form__actions">
            <button type="button" className="button button--primary" disabled={!dirty || save.isPending} onClick={() => void onSave()}>
              <Save size={16} aria-hidden="true" />
              {t('fitment.section.save')}
            </button>
          </div>
        </div>
      ) : null}
      <FormAlert messages={errors} />
    </div>
  );
}
