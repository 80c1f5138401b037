/**
 * The location input of a select provider (spec 3 "Delivery provider" inputType select; spec 5: omniva-parcel,
 * omniva-po, itella-ee-parcel and itella-fi-parcel need a delivery_option): a filter box that narrows the list by
 * name, city or address (case and diacritics ignored), and a native select of the matching parcel machines or post
 * offices. The chosen location stays in the list whatever the filter. Both controls are labelled; the select
 * carries aria-invalid and the error text when the location is missing.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { DeliveryProviderView } from '../api/get-delivery-providers';
import { filterLocations } from '../utils/validate-checkout';

interface LocationPickerProps {
  provider: DeliveryProviderView;
  /** Id of the select (the form focuses it when the location is missing). */
  selectId: string;
  value: string;
  onChange: (optionId: string) => void;
  /** Error text shown under the select, or null. */
  error: string | null;
  errorId: string;
}

export function LocationPicker({ provider, selectId, value, onChange, error, errorId }: LocationPickerProps) {
  const { t } = useTranslation('shop');
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const countId = useId();
  const matching = useMemo(() => filterLocations(provider.options, filter), [provider.options, filter]);
  const chosen = provider.options.find((o) => o.id === value) ?? null;
  const shown = chosen && !matching.includes(chosen) ? [chosen, ...matching] : matching;
  const label = provider.id === 'omniva-po' ? t('checkout.postOffice') : t('checkout.parcelMachine');
  return (
    <div className="location-picker">
      <div className="field">
        <label htmlFor={filterId}>{t('checkout.locationFilter')}</label>
        <input id={filterId} type="search" autoComplete="off" value={filter} aria-describedby={countId} onChange={(e) => setFilter(e.target.value)} />
        <p id={countId} className="muted location-picker__count" aria-live="polite">
          {t('checkout.locationCount', { count: matching.length })}
        </p>
      </div>
      <div className="field">
        <label htmlFor={selectId}>
          {label} <span aria-hidden="true">*</span>
        </label>
        <select
          id={selectId}
          value={value}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{t('checkout.chooseLocation')}</option>
          {shown.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        {chosen && (
          <p className="muted location-picker__address">
            {[chosen.address, chosen.city].filter(Boolean).join(', ')}
          </p>
        )}
        {error && (
          <p id={errorId} className="field__error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
