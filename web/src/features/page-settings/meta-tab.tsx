/**
 * The Meta tab of page settings (spec 2 "Page loading": title, meta description, keywords, canonical link; spec 5
 * "URL slug" and "meta guidance"): per language (the route's first) the title, the URL name that follows the title
 * until staff type their own (./settings-logic.ts), a live message for a URL name the server would change or refuse,
 * the meta description with its word count against 50-160 and the keywords counted against 5-10 (spec 9); then the
 * layout (spec 1's thirteen, translated) and the canonical URL. Guidance only: nothing here blocks a save.
 */
import { useId } from 'react';
import { useTranslation } from '../../lib/translation';
import type { Language } from '../../../../api/contracts/catalog';
import { PAGE_LAYOUTS } from '../../../../domain/page/page-doc';
import { slugify } from '../../../../domain/page/slug';
import type { PageSettingsPanelProps } from './types';
import { descriptionGuidance, keywordsGuidance, slugAfterTitleChange, slugFollowsTitle, slugProblem, type Guidance } from './settings-logic';
import { NS } from './texts';

const LANGS: Language[] = ['et', 'en'];

export function MetaTab({ value, onChange, lang }: PageSettingsPanelProps) {
  const { t } = useTranslation(NS);
  const base = useId().replace(/:/g, '');
  const order = [lang, ...LANGS.filter((l) => l !== lang)];
  const setText = (field: 'title' | 'slug' | 'metaDescription' | 'metaKeywords', l: Language, text: string) => {
    if (field === 'title') {
      const slug = { ...value.slug, [l]: slugAfterTitleChange(value.title[l], text, value.slug[l]) };
      onChange({ ...value, title: { ...value.title, [l]: text }, slug });
    } else onChange({ ...value, [field]: { ...value[field], [l]: text } });
  };
  return (
    <div className="page-settings__meta">
      {order.map((l) => {
        const langName = t(`lang.${l}`);
        const id = (f: string) => `${base}-${f}-${l}`;
        const follows = slugFollowsTitle(value.title[l], value.slug[l]);
        const problem = slugProblem(value.slug[l], value.title[l] || value.title.et);
        const desc = descriptionGuidance(value.metaDescription[l]);
        const keys = keywordsGuidance(value.metaKeywords[l]);
        return (
          <fieldset key={l} className="page-settings__group" lang={l}>
            <legend>{langName}</legend>
            <div className="ps-field">
              <label htmlFor={id('title')}>{t('meta.title', { lang: langName })}</label>
              <input id={id('title')} value={value.title[l]} maxLength={500} autoComplete="off" onChange={(e) => setText('title', l, e.target.value)} />
            </div>
            <div className="ps-field">
              <label htmlFor={id('slug')}>{t('meta.slug', { lang: langName })}</label>
              <input
                id={id('slug')}
                value={value.slug[l]}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={problem && problem.problem !== 'invalid' ? true : undefined}
                aria-describedby={`${id('slug')}-hint`}
                onChange={(e) => setText('slug', l, e.target.value)}
              />
              <p id={`${id('slug')}-hint`} className={`ps-field__hint${problem ? ' is-problem' : ''}`} aria-live="polite">
                {problem ? slugMessage(t, problem.problem, value.slug[l], problem.suggestion) : follows ? t('meta.slugFollows') : t('meta.slugOwn')}
              </p>
              {!follows && slugify(value.title[l]) ? (
                <button type="button" className="link-button ps-field__action" onClick={() => setText('slug', l, slugify(value.title[l]))}>
                  {t('meta.slugFollowAgain')}
                </button>
              ) : null}
            </div>
            <div className="ps-field">
              <label htmlFor={id('desc')}>{t('meta.description', { lang: langName })}</label>
              <textarea id={id('desc')} rows={3} maxLength={500} value={value.metaDescription[l]} aria-describedby={`${id('desc')}-guide`} onChange={(e) => setText('metaDescription', l, e.target.value)} />
              <GuidanceNote id={`${id('desc')}-guide`} guidance={desc} text={t('meta.descriptionGuide', { count: desc.count, min: desc.min, max: desc.max })} />
            </div>
            <div className="ps-field">
              <label htmlFor={id('keys')}>{t('meta.keywords', { lang: langName })}</label>
              <input id={id('keys')} value={value.metaKeywords[l]} maxLength={500} autoComplete="off" aria-describedby={`${id('keys')}-guide`} onChange={(e) => setText('metaKeywords', l, e.target.value)} />
              <GuidanceNote id={`${id('keys')}-guide`} guidance={keys} text={t('meta.keywordsGuide', { count: keys.count, min: keys.min, max: keys.max })} />
            </div>
          </fieldset>
        );
      })}
      <div className="ps-field">
        <label htmlFor={`${base}-layout`}>{t('meta.layout')}</label>
        <select id={`${base}-layout`} value={value.layout} onChange={(e) => onChange({ ...value, layout: e.target.value })}>
          {PAGE_LAYOUTS.map((layout) => (
            <option key={layout} value={layout}>
              {t(`layouts.${layout}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ps-field">
        <label htmlFor={`${base}-canonical`}>{t('meta.canonical')}</label>
        <input id={`${base}-canonical`} type="text" inputMode="url" value={value.canonicalUrl} maxLength={500} autoComplete="off" spellCheck={false} aria-describedby={`${base}-canonical-hint`} onChange={(e) => onChange({ ...value, canonicalUrl: e.target.value })} />
        <p id={`${base}-canonical-hint`} className="ps-field__hint">
          {t('meta.canonicalHint')}
        </p>
      </div>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function slugMessage(t: T, problem: NonNullable<ReturnType<typeof slugProblem>>['problem'], slug: string, suggestion: string): string {
  if (problem === 'empty') return t('meta.slugEmpty');
  if (problem === 'invalid') return t('meta.slugInvalid', { suggestion: suggestion || '—' });
  if (problem === 'reserved') return t('meta.slugReserved', { slug });
  return t('meta.slugTooLong');
}

/** A guidance counter: the count and range, and a word for the state (not colour alone). */
function GuidanceNote({ id, guidance, text }: { id: string; guidance: Guidance; text: string }) {
  const { t } = useTranslation(NS);
  return (
    <p id={id} className={`ps-guide is-${guidance.state}`} aria-live="polite">
      <span className="ps-guide__state">{t(`meta.guide.${guidance.state}`)}</span> {text}
    </p>
  );
}
