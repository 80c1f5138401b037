import { useTranslation } from '../../../lib/translation';
import { formatEuro } from '../../../lib/format';
import type { Language } from '../../../lib/language';

interface PriceProps {
  /** Gross price in euro cents. */
  cents: number | null;
  /** Decimal euro string, used when cents are missing. */
  decimal?: string | null;
  lang: Language;
  className?: string;
}

/** A gross price with 2 decimals and € per locale: "12,40 €" (et), "€12.40" (en). */
export function Price({ cents, decimal, lang, className }: PriceProps) {
  const { t } = useTranslation('shop');
  const text = formatEuro(cents ?? decimal ?? null, lang);
  return <span className={`price${className ? ` ${className}` : ''}`}>{text ?? t('product.noPrice')}</span>;
}
