/**
 * Language select (spec 2 "Header"): the same page in Estonian (no prefix) or English (/en prefix): the page's own
 * alternate URL when it has set one (a category's URL differs per language, spec 9), else the same path under the
 * other prefix. A change also sends GET /{language}/site/set-language (spec 7) so the server remembers it.
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { useAlternateUrls } from '../../lib/document-head';
import { pathInLanguage, stripLanguagePrefix, useRouteLanguage, type Language } from '../../lib/language';

const LANGUAGES: { code: Language; short: string }[] = [
  { code: 'et', short: 'ET' },
  { code: 'en', short: 'EN' },
];

export function LanguageSwitch() {
  const { t } = useTranslation('app');
  const { pathname, search } = useLocation();
  const { lang } = useRouteLanguage();
  const alternates = useAlternateUrls();
  // The alternates are the current page's when the one for this language is this path (not yet another page's).
  const own = alternates[lang] ? new URL(alternates[lang]!, window.location.origin).pathname : null;
  const fresh = own !== null && stripLanguagePrefix(own).toLowerCase() === stripLanguagePrefix(pathname).toLowerCase();
  const target = (code: Language) =>
    `${fresh && alternates[code] ? new URL(alternates[code]!, window.location.origin).pathname : pathInLanguage(pathname, code)}${search}`;
  return (
    <nav className="language-switch" aria-label={t('language.label')}>
      <ul>
        {LANGUAGES.map(({ code, short }) => (
          <li key={code}>
            <Link
              to={target(code)}
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
