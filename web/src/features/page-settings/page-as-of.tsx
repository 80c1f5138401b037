/**
 * A content page as of an instant (docs/architecture.md section 9 "The audit timeline": 'as of'), /admin/page/as-of/
 * {ref}?at=<ISO-8601 instant>: the version guests were shown then (GET /v1/admin/pages/{ref}/as-of, replayed from
 * the page's events), read-only, with when and by whom it was published and what its visibility rule said then.
 * OrderEdit links the terms of sale here with the order's placed instant ("Terms of sale as of this order").
 * The text is the stored HTML, sanitised by the server before it was stored (commands/page/sanitize-page-html.ts).
 */
import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { useSearchParams } from 'react-router';
import type { Language } from '../../../../api/contracts/catalog';
import { NotFound } from '../../components/not-found';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { TabList } from '../../components/staff/tab-list';
import { FormAlert } from '../../components/staff/text-field';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { useRouteLanguage } from '../../lib/language';
import { usePageAsOf } from './api';
import { NS } from './texts';
import './page-settings.css';

const LANGS: Language[] = ['et', 'en'];

export function PageAsOfScreen({ id }: { id: string | undefined }) {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const raw = params.get('at');
  const at = raw && !Number.isNaN(Date.parse(raw)) ? raw : null;
  const asOf = usePageAsOf(id ?? '', id ? at : null);
  const { lang } = useRouteLanguage();
  const [textLang, setTextLang] = useState<Language>(lang);
  if (!id) return <NotFound />;
  if (!at) return <FormAlert messages={[t('asOf.badMoment')]} />;
  if (asOf.isPending) return <Spinner />;
  if (asOf.isError) {
    if (asOf.error instanceof ApiError && asOf.error.status === 404) return <NotFound title={t('asOf.notPublished')} />;
    return <FormAlert messages={[apiErrorText(asOf.error)]} />;
  }
  const page = asOf.data;
  const when = formatDate(page.at, lang, true);
  const title = page.doc.title[textLang] || page.doc.title.et;
  return (
    <section className="staff-screen page-as-of" aria-labelledby="screen-title">
      <PageMeta title={t('asOf.title', { title, when })} description={t('asOf.description')} noindex />
      <div className="staff-screen__head">
        <div>
          <h1 id="screen-title">{t('asOf.title', { title, when })}</h1>
          <p className="muted">{t('asOf.intro', { revision: page.revision, published: formatDate(page.publishedAt, lang, true), who: page.publishedBy ?? t('versions.system') })}</p>
          {page.stateThen === 'visible' ? null : <p className="muted">{t('asOf.stateThen', { state: t(`visibility.states.${page.stateThen}`) })}</p>}
        </div>
      </div>
      <TabList idPrefix="as-of" label={t('asOf.language')} tabs={LANGS} selected={textLang} onSelect={setTextLang} tabLabel={(l) => t(`lang.${l}`)} />
      <article id="as-of-panel" role="tabpanel" aria-labelledby={`as-of-tab-${textLang}`} className="staff-panel page-as-of__content content-page" lang={textLang}>
        <h2>{title}</h2>
        <div className="content-page__body" dangerouslySetInnerHTML={{ __html: page.doc.content[textLang] || page.doc.content.et }} />
      </article>
    </section>
  );
}
