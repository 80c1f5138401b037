/**
 * My garage and the vehicle selector (docs/architecture.md "Vehicle fitment"), a lazy chunk opened by the header's garage button or
 * the listing's vehicle line (lib/garage `garage.openPicker()`): a native modal dialog (focus kept inside, Escape
 * closes, focus returns to the opener) with
 * - the garage's vehicles (local storage, lib/garage/store.ts): use one (it becomes active) or remove it; "Show all
 *   parts" leaves none active;
 * - "Add a vehicle" in at most three choices: make -> model -> generation or model year (GET /v1/vehicles/makes,
 *   /makes/{make}/models, /makes/{make}/models/{model}; public and cached 5 minutes), each a combobox that filters by
 *   typing. Choosing the third adds the vehicle, makes it active and closes the dialog; a page that lists parts puts
 *   it in its URL (`v=`, lib/garage/use-vehicle.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { i18n } from '../../../lib/i18n';
import type { VehicleGenerationsResponse, VehicleMakesResponse, VehicleModelsResponse } from '../../../../../api/contracts/vehicles';
import { getJson, withQuery } from '../../../lib/api-client';
import { garage, useGarage } from '../../../lib/garage/store';
import { useRouteLanguage } from '../../../lib/language';
import { type ComboOption, VehicleCombobox } from './vehicle-combobox';
import garageTextsEn from '../../../locales/en-US/shop-garage.json';
import garageTextsEt from '../../../locales/et/shop-garage.json';
import '../garage.css';

// The dialog's texts travel with this chunk, out of the first load (merged into the shop bundle of both languages).
i18n.addResourceBundle('et', 'shop', garageTextsEt, true, true);
i18n.addResourceBundle('en-US', 'shop', garageTextsEn, true, true);

const STALE_MS = 5 * 60_000;

async function read<T>(url: string, signal: AbortSignal): Promise<T> {
  const { body } = await getJson<{ data: T }>(url, signal);
  return body.data;
}

export function VehiclePicker() {
  const { t } = useTranslation('shop');
  const { lang } = useRouteLanguage();
  const state = useGarage();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');

  // Opened on mount, closed by Escape, the close button or a choice; focus returns to what opened it.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The first step has the focus, whatever the garage holds above it.
    dialog?.querySelector<HTMLInputElement>('.garage-dialog__add input')?.focus();
    return () => opener?.focus();
  }, []);
  const close = () => garage.closePicker();

  const makes = useQuery({
    queryKey: ['vehicles', 'makes'],
    queryFn: ({ signal }) => read<VehicleMakesResponse>('/v1/vehicles/makes', signal),
    staleTime: STALE_MS,
  });
  const models = useQuery({
    queryKey: ['vehicles', 'models', make],
    queryFn: ({ signal }) => read<VehicleModelsResponse>(`/v1/vehicles/makes/${encodeURIComponent(make)}/models`, signal),
    enabled: make !== '',
    staleTime: STALE_MS,
  });
  const generations = useQuery({
    queryKey: ['vehicles', 'generations', make, model, lang],
    queryFn: ({ signal }) =>
      read<VehicleGenerationsResponse>(withQuery(`/v1/vehicles/makes/${encodeURIComponent(make)}/models/${encodeURIComponent(model)}`, { lang }), signal),
    enabled: make !== '' && model !== '',
    staleTime: STALE_MS,
  });

  const makeOptions: ComboOption[] = makes.data?.makes.map((m) => ({ value: m.slug, label: m.name })) ?? [];
  const modelOptions: ComboOption[] =
    models.data?.models.map((m) => ({ value: m.slug, label: `${m.name} (${m.fromYear}-${m.toYear ?? ''})` })) ?? [];
  const g = generations.data;
  const generationOptions: ComboOption[] = g
    ? [
        ...g.generations.map((x) => ({ value: x.id, label: x.label })),
        ...g.years.map((year) => ({ value: `${g.make.slug}.${g.model.slug}.${year}`, label: t('fitment.year', { make: g.make.name, model: g.model.name, year }) })),
      ]
    : [];
  const failed = makes.isError || models.isError || generations.isError;

  const use = (id: string, label: string) => {
    garage.activate(id, label);
    close();
  };

  return (
    <dialog ref={ref} className="dialog garage-dialog" aria-labelledby={titleId} onClose={close}>
      <h2 id={titleId}>{t('fitment.garage')}</h2>
      {state.vehicles.length === 0 ? (
        <p className="muted">{t('fitment.garageEmpty')}</p>
      ) : (
        <ul className="garage-list">
          {state.vehicles.map((v) => {
            const name = v.label || v.id;
            const isActive = v.id === state.active;
            return (
              <li key={v.id} className={`garage-list__item${isActive ? ' is-active' : ''}`}>
                <span className="garage-list__name">{name}</span>
                {isActive ? (
                  <span className="garage-list__active">{t('fitment.active')}</span>
                ) : (
                  <button type="button" className="button garage-list__use" aria-label={t('fitment.useVehicle', { vehicle: name })} onClick={() => use(v.id, v.label)}>
                    {t('fitment.use')}
                  </button>
                )}
                <button type="button" className="link-button garage-list__remove" aria-label={t('fitment.removeVehicle', { vehicle: name })} onClick={() => garage.remove(v.id)}>
                  {t('fitment.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {state.active && (
        <button
          type="button"
          className="link-button garage-dialog__all"
          onClick={() => {
            garage.deactivate();
            close();
          }}
        >
          {t('fitment.showAll')}
        </button>
      )}

      <fieldset className="garage-dialog__add">
        <legend>{t('fitment.add')}</legend>
        <VehicleCombobox
          label={t('fitment.make')}
          options={makeOptions}
          value={make}
          loading={makes.isPending}
          onChoose={(o) => {
            setMake(o.value);
            setModel('');
          }}
        />
        <VehicleCombobox
          key={`model-${make}`}
          label={t('fitment.model')}
          options={modelOptions}
          value={model}
          disabled={make === ''}
          loading={models.isPending}
          autoFocus={make !== ''}
          onChoose={(o) => setModel(o.value)}
        />
        <VehicleCombobox
          key={`generation-${make}-${model}`}
          label={t('fitment.generation')}
          options={generationOptions}
          value=""
          disabled={model === ''}
          loading={generations.isPending}
          autoFocus={model !== ''}
          onChoose={(o) => use(o.value, o.label)}
        />
        {failed && (
          <p className="field__error" role="alert">
            {t('fitment.loadError')}
          </p>
        )}
      </fieldset>

      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          {t('fitment.close')}
        </button>
      </div>
    </dialog>
  );
}
