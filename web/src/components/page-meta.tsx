/**
 * Page metadata (spec 2 "Page loading": each page sets title, meta description, keywords, canonical link and
 * alternate-language links), written into <head> by lib/document-head.ts. Alternates default to the same path in
 * the other language (Estonian without a prefix, English under /en), with x-default pointing at Estonian; the
 * canonical URL is the current language's alternate (so /et/x and /x name one page) and drops volatile query
 * parameters.
 */
import { useLocation } from 'react-router';
import { useTranslation } from '../lib/translation';
import { useDocumentHead } from '../lib/document-head';
import { pathInLanguage, useRouteLanguage } from '../lib/language';
import { useOrigin } from '../lib/server-render';

interface PageMetaProps {
  title: string;
  description?: string;
  keywords?: string[];
  /** Query string of the canonical URL when it matters, e.g. '?q=brake'; the path is this language's alternate. */
  canonicalSearch?: string;
  /** Paths of this page per language; default: the current path in each language. */
  alternates?: { et: string; en: string };
  /** Not-found and error pages ask search engines not to index them. */
  noindex?: boolean;
}

export function PageMeta({ title, description, keywords, canonicalSearch, alternates, noindex }: PageMetaProps) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const { lang } = useRouteLanguage();
  const origin = useOrigin();
  const paths = alternates ?? { et: pathInLanguage(pathname, 'et'), en: pathInLanguage(pathname, 'en') };
  const shopName = t('shopName');
  const words = keywords?.filter(Boolean).slice(0, 10);
  useDocumentHead({
    title: title.includes(shopName) ? title : `${title} | ${shopName}`,
    description: description ? description.replace(/\s+/g, ' ').trim().slice(0, 300) : undefined,
    keywords: words?.length ? words.join(', ') : undefined,
    robots: noindex ? 'noindex' : undefined,
    canonical: `${origin}${paths[lang]}${canonicalSearch ?? ''}`,
    alternates: { et: `${origin}${paths.et}`, en: `${origin}${paths.en}`, 'x-default': `${origin}${paths.et}` },
  });
  return null;
}
