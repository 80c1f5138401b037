/**
 * The product page's fitment section (docs/architecture.md "Vehicle fitment"): the product's whole application list (make, model,
 * generation or years as the api labels them, with the qualifiers: positions, engine code, note), also without an
 * active vehicle; or what its mode says (universal, not vehicle-specific, no data). From GET /product/view/{id}
 * `fitmentApplications`; nothing when the answer lacks it.
 */
import { useTranslation } from '../../../lib/translation';
import type { Product } from '../../../../../api/contracts/catalog';

export function ProductFitment({ fitment }: { fitment: Product['fitmentApplications'] }) {
  const { t } = useTranslation('shop');
  if (!fitment) return null;
  const { mode, applications } = fitment;
  return (
    <section aria-labelledby="product-fitment" className="product-fitment">
      <h2 id="product-fitment">{t('fitment.section')}</h2>
      {mode === 'applications' && applications.length > 0 ? (
        <table className="attribute-table product-fitment__table">
          <thead>
            <tr>
              <th scope="col">{t('fitment.vehicle')}</th>
              <th scope="col">{t('fitment.details')}</th>
            </tr>
          </thead>
          <tbody>
            {applications.map((a, i) => (
              <tr key={`${a.label}-${i}`}>
                <th scope="row">{a.label}</th>
                <td>
                  {[...(a.positions ?? []).map((p) => t(`fitment.${p}`)), a.engineCode ? t('fitment.engine', { code: a.engineCode }) : '', a.note ?? '']
                    .filter(Boolean)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{mode === 'universal' ? t('fitment.universal') : mode === 'not-vehicle-specific' ? t('fitment.notVehicleSpecific') : t('fitment.noData')}</p>
      )}
    </section>
  );
}
