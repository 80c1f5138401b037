/**
 * The staff's three-step vehicle picker (docs/architecture.md "Vehicle fitment", back office): make -> model -> generation or a
 * year range, on the public selector calls `GET /v1/vehicles/makes`, `/makes/{make}/models`,
 * `/makes/{make}/models/{model}` (cached 5 minutes by the api). "All models" gives a make application, "all
 * generations" a model application, a generation a generation application, and years from/to a year-range
 * application; qualifiers: positions, engine code, note. `onAdd` receives the application as the staff api names it
 * (api/contracts/admin-fitment.ts `ApplicationInputDto`, slugs) and a display label. Used by ProductEdit's Fitment
 * section and the bulk screen /admin/fitment; staff chunks only.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import type { ApplicationInputDto } from '../../../../api/contracts/admin-fitment';
import type { VehicleGenerationsResponse, VehicleMakesResponse, VehicleModelsResponse } from '../../../../api/contracts/vehicles';
import { getJson } from '../../lib/api-client';
import './vehicle-picker.css';

const POSITIONS = ['front', 'rear', 'left', 'right'] as const;
const VERSION_KEY = ['vehicle-reference-version'] as const;

/**
 * After staff added a vehicle: the pickers ask again past the browser's 5-minute cache of the public calls (a query
 * parameter `r` the api ignores).
 */
export function vehicleReferenceChanged(queryClient: QueryClient): void {
  queryClient.setQueryData<number>(VERSION_KEY, (n) => (n ?? 0) + 1);
}
const YEAR = /^\d{4}$/;

/** A label for an application input: `Triumph TR6 (1968-1976)`, `Triumph TR6 (1970-1972)`, `Triumph`. */
export function inputLabel(names: { make: string; model?: string; generation?: string }, input: ApplicationInputDto): string {
  const base = [names.make, names.model].filter(Boolean).join(' ');
  if (names.generation) return names.generation;
  if (input.fromYear) return `${base} (${input.fromYear}-${input.toYear ?? input.fromYear})`;
  return base;
}

export function VehiclePicker({ idBase, onAdd, disabled = false }: { idBase: string; onAdd: (input: ApplicationInputDto, label: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('cms');
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [generation, setGeneration] = useState('');
  const [fromYear, setFromYear] = useState('');
  const [toYear, setToYear] = useState('');
  const [positions, setPositions] = useState<string[]>([]);
  const [engineCode, setEngineCode] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const version = useQuery({ queryKey: VERSION_KEY, queryFn: () => 0, initialData: 0, staleTime: Number.POSITIVE_INFINITY }).data;
  const fresh = version ? `?r=${version}` : '';
  const makes = useQuery({ queryKey: ['vehicles', 'makes', version], queryFn: async () => (await getJson<{ data: VehicleMakesResponse }>(`/v1/vehicles/makes${fresh}`)).body.data.makes, staleTime: 300_000 });
  const models = useQuery({
    queryKey: ['vehicles', 'models', make, version],
    queryFn: async () => (await getJson<{ data: VehicleModelsResponse }>(`/v1/vehicles/makes/${encodeURIComponent(make)}/models${fresh}`)).body.data.models,
    enabled: !!make,
    staleTime: 300_000,
  });
  const generations = useQuery({
    queryKey: ['vehicles', 'generations', make, model, version],
    queryFn: async () => (await getJson<{ data: VehicleGenerationsResponse }>(`/v1/vehicles/makes/${encodeURIComponent(make)}/models/${encodeURIComponent(model)}${fresh}`)).body.data.generations,
    enabled: !!make && !!model,
    staleTime: 300_000,
  });
  const id = (s: string) => `${idBase}-${s}`;

  const add = () => {
    setError(null);
    if (!make) return setError(t('fitment.picker.chooseMake'));
    const years = [fromYear.trim(), toYear.trim()];
    if (years.some((y) => y && !YEAR.test(y)) || (years[0] && years[1] && Number(years[1]) < Number(years[0]))) return setError(t('fitment.picker.yearsInvalid'));
    if ((years[0] || years[1]) && (!model || generation)) return setError(t('fitment.picker.yearsNeedModel'));
    const input: ApplicationInputDto = {
      make,
      ...(model ? { model } : {}),
      ...(generation ? { generation } : {}),
      ...(years[0] || years[1] ? { fromYear: Number(years[0] || years[1]), toYear: Number(years[1] || years[0]) } : {}),
      ...(positions.length ? { positions: positions as ApplicationInputDto['positions'] } : {}),
      ...(engineCode.trim() ? { engineCode: engineCode.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const names = {
      make: makes.data?.find((m) => m.slug === make)?.name ?? make,
      model: models.data?.find((m) => m.slug === model)?.name,
      generation: generations.data?.find((g) => g.id.split('.')[2] === generation)?.label,
    };
    onAdd(input, inputLabel(names, input));
    setFromYear('');
    setToYear('');
    setPositions([]);
    setEngineCode('');
    setNote('');
  };

  return (
    <fieldset className="vehicle-picker" disabled={disabled}>
      <legend>{t('fitment.picker.title')}</legend>
      <div className="vehicle-picker__steps">
        <div className="staff-field">
          <label htmlFor={id('make')}>{t('fitment.picker.make')}</label>
          <select id={id('make')} value={make} onChange={(e) => { setMake(e.target.value); setModel(''); setGeneration(''); }}>
            <option value="">{t('fitment.picker.chooseMake')}</option>
            {(makes.data ?? []).map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={id('model')}>{t('fitment.picker.model')}</label>
          <select id={id('model')} value={model} disabled={!make} onChange={(e) => { setModel(e.target.value); setGeneration(''); }}>
            <option value="">{t('fitment.picker.allModels')}</option>
            {(models.data ?? []).map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.name} ({m.fromYear}-{m.toYear ?? ''})
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={id('generation')}>{t('fitment.picker.generation')}</label>
          <select id={id('generation')} value={generation} disabled={!model} onChange={(e) => setGeneration(e.target.value)}>
            <option value="">{t('fitment.picker.allGenerations')}</option>
            {(generations.data ?? []).map((g) => (
              <option key={g.id} value={g.id.split('.')[2]}>
                {g.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field vehicle-picker__years">
          <span id={id('years')}>{t('fitment.picker.years')}</span>
          <div role="group" aria-labelledby={id('years')}>
            <input id={id('from')} inputMode="numeric" maxLength={4} placeholder="1968" aria-label={t('fitment.picker.fromYear')} value={fromYear} disabled={!model || !!generation} onChange={(e) => setFromYear(e.target.value)} />
            <span aria-hidden="true">–</span>
            <input id={id('to')} inputMode="numeric" maxLength={4} placeholder="1976" aria-label={t('fitment.picker.toYear')} value={toYear} disabled={!model || !!generation} onChange={(e) => setToYear(e.target.value)} />
          </div>
        </div>
      </div>
      <div className="vehicle-picker__qualifiers">
        <div role="group" aria-label={t('fitment.picker.positions')} className="vehicle-picker__positions">
          <span>{t('fitment.picker.positions')}</span>
          {POSITIONS.map((p) => (
            <label key={p} className="staff-check">
              <input type="checkbox" checked={positions.includes(p)} onChange={(e) => setPositions((old) => (e.target.checked ? [...old, p] : old.filter((x) => x !== p)))} />
              {t(`fitment.position.${p}`)}
            </label>
          ))}
        </div>
        <div className="staff-field">
          <label htmlFor={id('engine')}>{t('fitment.picker.engineCode')}</label>
          <input id={id('engine')} maxLength={32} value={engineCode} onChange={(e) => setEngineCode(e.target.value)} />
        </div>
        <div className="staff-field">
          <label htmlFor={id('note')}>{t('fitment.picker.note')}</label>
          <input id={id('note')} maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <button type="button" className="button" onClick={add}>
          <Plus size={14} aria-hidden="true" />
          {t('fitment.picker.add')}
        </button>
      </div>
      {error ? (
        <p className="staff-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
