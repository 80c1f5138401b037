/**
 * A part's fit for the active vehicle (docs/architecture.md "Vehicle fitment"): "Fits your MG MGB (1962-1980)", "Does not fit
 * your ..." or "Check fitment" (no data); Estonian "Sobib Teie sõidukile ...", "Ei sobi ...", "Kontrollige
 * sobivust". Shown on listing cards, search results and the product page when the api's answer carries `fitment`
 * (it does only with `v=`). Text and colour together, never colour alone.
 */
import { useTranslation } from '../../../lib/translation';
import type { FitmentAnswerDto } from '../../../../../api/contracts/vehicles';

export function FitmentBadge({ fitment, vehicle, className = '' }: { fitment?: FitmentAnswerDto; vehicle: string; className?: string }) {
  const { t } = useTranslation('shop');
  if (!fitment) return null;
  const { state } = fitment;
  const text = state === 'fits' ? t('fitment.fits', { vehicle }) : state === 'does-not-fit' ? t('fitment.doesNotFit', { vehicle }) : t('fitment.unknown');
  return (
    <p className={`fitment-badge fitment-badge--${state} ${className}`} data-fitment={state}>
      <span aria-hidden="true">{state === 'fits' ? '✓' : state === 'does-not-fit' ? '✕' : '?'}</span> {text}
    </p>
  );
}
