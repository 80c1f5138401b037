/**
 * The listing's vehicle line (docs/architecture.md "Vehicle fitment"): with a vehicle, "Parts for MG MGB (1962-1980)", how many
 * matching parts were left out for having no fitment data (`hiddenUnknown`) with a link that shows them
 * (`unknown=1`, a plain link, so it works without JavaScript too) or hides them again; without one, an invitation to
 * choose a vehicle. Its button opens the garage's picker (lib/garage `garage.openPicker()`; the picker is the garage
 * feature's lazy chunk, mounted by the header).
 */
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { garage } from '../../../lib/garage/store';

interface VehicleBarProps {
  /** The active vehicle's name, or null for none. */
  vehicle: string | null;
  /** Matching parts left out for having no fitment data (0 with `unknown`). */
  hiddenUnknown: number;
  /** The parts without fitment data are listed (`unknown=1`). */
  unknown: boolean;
  /** The listing's URL with `unknown` toggled. */
  unknownHref: string;
}

export function VehicleBar({ vehicle, hiddenUnknown, unknown, unknownHref }: VehicleBarProps) {
  const { t } = useTranslation('shop');
  return (
    <div className="vehicle-bar">
      <div className="vehicle-bar__text">
        <p className="vehicle-bar__vehicle">{vehicle ? t('fitment.barActive', { vehicle }) : t('fitment.barNone')}</p>
        {vehicle && !unknown && hiddenUnknown > 0 && (
          <p className="vehicle-bar__hidden muted">
            {t('fitment.hiddenUnknown', { count: hiddenUnknown })}{' '}
            <Link to={unknownHref} rel="nofollow" state={{ keepScroll: true }}>
              {t('fitment.showUnknown')}
            </Link>
          </p>
        )}
        {vehicle && unknown && (
          <p className="vehicle-bar__hidden muted">
            <Link to={unknownHref} rel="nofollow" state={{ keepScroll: true }}>
              {t('fitment.hideUnknown')}
            </Link>
          </p>
        )}
      </div>
      <button type="button" className="button vehicle-bar__change" aria-haspopup="dialog" onClick={() => garage.openPicker()}>
        {vehicle ? t('fitment.change') : t('fitment.choose')}
      </button>
    </div>
  );
}
