/**
 * The header's garage button (docs/architecture.md "Vehicle fitment"): a car and the active vehicle's name (or "Choose vehicle");
 * on phones the car alone. In the first load (small); the picker it opens (./vehicle-picker.tsx, with the garage's
 * list and the make -> model -> generation selector) is a lazy chunk, loaded on the first open. Any page may open it
 * through lib/garage `garage.openPicker()` (the listing's vehicle line does); mounted by app/ into the header's
 * `vehicle` slot, as the mini cart is.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/translation';
import { trackLoading } from '../../../components/layout/loading-bar';
import { garage, useGarage, vehicleLabel } from '../../../lib/garage/store';

const VehiclePicker = lazy(() => trackLoading(import('./vehicle-picker')).then((m) => ({ default: m.VehiclePicker })));

export function GarageButton() {
  const { t } = useTranslation('shop');
  const state = useGarage();
  const name = state.active ? vehicleLabel(state, state.active) : null;
  return (
    <>
      <button
        type="button"
        className="garage-button"
        aria-haspopup="dialog"
        aria-label={name ? `${t('fitment.garage')}: ${name}` : t('fitment.choose')}
        title={name ?? t('fitment.choose')}
        onClick={() => garage.openPicker()}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11M3 17v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4h-2M5 17H3M7 17h10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <circle cx="7" cy="17" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="17" cy="17" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className="garage-button__text">{name ?? t('fitment.choose')}</span>
      </button>
      {state.pickerOpen && (
        <Suspense fallback={null}>
          <VehiclePicker />
        </Suspense>
      )}
    </>
  );
}
