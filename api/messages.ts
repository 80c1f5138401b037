/**
 * Error messages shown to the user, per error code and language (conventions 4: the client translates `code`,
 * but the envelope's `message` is already in the user's language, spec 7/8). Estonian is the default.
 */
export type ApiLanguage = 'et' | 'en';

const MESSAGES: Record<string, { et: string; en: string }> = {
  'request.invalid': { et: 'Päringus on vigaseid andmeid.', en: 'The request has invalid data.' },
  'request.query_too_long': { et: 'Otsingutekst on liiga pikk.', en: 'The search text is too long.' },
  'request.page_invalid': { et: 'Lehekülje number peab olema vähemalt 1.', en: 'The page number must be at least 1.' },
  'request.page_size_invalid': { et: 'Lehekülje suurus peab olema 24, 48, 84 või 120.', en: 'The page size must be 24, 48, 84 or 120.' },
  'request.sort_invalid': { et: 'Tundmatu sorteerimisviis.', en: 'Unknown sort order.' },
  'request.filters_invalid': { et: 'Filtrid on vigased.', en: 'The filters are malformed.' },
  'product.not_found': { et: 'Toodet ei leitud.', en: 'The product was not found.' },
  'request.language_invalid': { et: 'Tundmatu keel.', en: 'Unknown language.' },
  'stock_notification.email_invalid': { et: 'Palun sisesta korrektne e-posti aadress.', en: 'Please enter a valid email address' },
  'stock_notification.already_submitted': { et: 'Teavitus on juba esitatud.', en: 'Notification already submitted' },
  'stock_notification.quantity_invalid': { et: 'Kogus peab olema täisarv vähemalt 1.', en: 'The quantity must be a whole number of at least 1.' },
  'not_found': { et: 'Lehekülge ei leitud.', en: 'Page not found.' },
  'rate_limited': { et: 'Liiga palju päringuid. Palun proovi hiljem uuesti.', en: 'Rate limit exceeded. Please try again later.' },
  'server_error': { et: 'Serveris tekkis viga. Palun proovi hiljem uuesti.', en: 'An unexpected system error occurred.' },
};

/** The message for `code` in `language`, falling back to Estonian, then to `fallback`. */
export function message(code: string, language: ApiLanguage, fallback?: string): string {
  const m = MESSAGES[code];
  return m ? m[language] || m.et : fallback ?? MESSAGES['request.invalid'][language];
}

/**
 * The user's language: `lang` query parameter (et, en, en-US), else the first supported Accept-Language, else et.
 */
export function requestLanguage(query: unknown, acceptLanguage: string | undefined): ApiLanguage {
  const lang = typeof query === 'object' && query !== null ? (query as { lang?: unknown }).lang : undefined;
  if (typeof lang === 'string') return lang.toLowerCase().startsWith('en') ? 'en' : 'et';
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag.startsWith('et')) return 'et';
    if (tag.startsWith('en')) return 'en';
  }
  return 'et';
}
