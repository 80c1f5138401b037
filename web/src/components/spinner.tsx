import { useTranslation } from '../lib/translation';

/** A loading indicator announced to screen readers. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('app');
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
