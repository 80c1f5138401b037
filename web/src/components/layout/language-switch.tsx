/**
 * Language select (spec 2 "Header"): the same page in Estonian (no prefix) or English (/en prefix). A change also
 * sends GET /{language}/site/set-language (spec 7) so the server remembers it.
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathInLanguage, useRouteLanguage, type Language } from '../../lib/language';

const LANGUAGES: { code: Language; short: string }[] = [
  { code: 'et', short: 'ET' },
  { code: 'en', short: 'EN' },
];

export function LanguageSwitch() {
  const { t } = useTranslation('app');
  const { pathname, search } = useLocation();
  const { lang } = useRouteLanguage();
  return (
    <nav className="language-switch" aria-label={t('language.label')}>
      <ul>
        {LANGUAGES.map(({ code, short }) => (
          <li key={code}>
            <Link
              to={`${pathInLanguage(pathname, code)}${search}`}
              hrefLang={code}
              lang={code}
              aria-current={code === lang ? 'true' : undefined}
              aria-label={`${short}, ${t(`language.${code}`)}`}
              onClick={() => {
                if (code !== lang) void fetch(`/${code}/site/set-language`, { credentials: 'same-origin' }).catch(() => {});
              }}
            >
              {short}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
