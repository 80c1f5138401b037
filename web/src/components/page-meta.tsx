/**
 * Page metadata (spec 2 "Page loading": each page sets title, meta description, keywords, canonical link and
 * alternate-language links). React hoists these elements into <head>. The canonical URL drops volatile query
 * parameters; alternates default to the same path in the other language (Estonian without a prefix, English under
 * /en), with x-default pointing at Estonian.
 */
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathInLanguage } from '../lib/language';

interface PageMetaProps {
  title: string;
  description?: string;
  keywords?: string[];
  /** Canonical path (with query when it matters); default: the current path without query. */
  canonicalPath?: string;
  /** Paths of this page per language; default: the current path in each language. */
  alternates?: { et: string; en: string };
  /** Not-found and error pages ask search engines not to index them. */
  noindex?: boolean;
}

export function PageMeta({ title, description, keywords, canonicalPath, alternates, noindex }: PageMetaProps) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const paths = alternates ?? { et: pathInLanguage(pathname, 'et'), en: pathInLanguage(pathname, 'en') };
  const shopName = t('shopName');
  return (
    <>
      <title>{title.includes(shopName) ? title : `${title} | ${shopName}`}</title>
      {description && <meta name="description" content={description.replace(/\s+/g, ' ').trim().slice(0, 300)} />}
      {keywords && keywords.length > 0 && <meta name="keywords" content={keywords.filter(Boolean).slice(0, 10).join(', ')} />}
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={`${origin}${canonicalPath ?? pathname}`} />
      <link rel="alternate" hrefLang="et" href={`${origin}${paths.et}`} />
      <link rel="alternate" hrefLang="en" href={`${origin}${paths.en}`} />
      <link rel="alternate" hrefLang="x-default" href={`${origin}${paths.et}`} />
    </>
  );
}
