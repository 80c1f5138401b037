/**
 * The audit timeline of one stream (audit timeline), the one component every staff screen reuses
 * (UserEdit now; the product, stock and order screens later): GET /v1/admin/history/{stream}
 * (api/contracts/admin-history.ts). Newest first, each row the sentence in the staff member's language
 * (history-sentence.ts), the time (local, per language), who, the before/after table of the fields the event changed,
 * and a toggle for the raw event (data and metadata, with its correlation and causation ids). An 'as of' date-time
 * (the browser's local time) reloads with `asOf` and shows the state at that moment; 'Now' goes back. Older events
 * page in with `before`. Staff-only: imported by admin screens only (their lazy chunks).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, History as HistoryIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import type { History, HistoryEvent } from '../../../../api/contracts/admin-history';
import { apiErrorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { useRouteLanguage } from '../../lib/language';
import { staffGet } from '../../lib/staff/session-expiry';
import { Spinner } from '../spinner';
import { actorName, historyEntryLines, historySentence } from './history-sentence';
import { FormAlert } from './text-field';
import './history-timeline.css';

/** The query key of a stream's timeline; screens that change the stream invalidate `['staff', 'history', stream]`. */
export const historyKey = (stream: string, asOf: string | null) => ['staff', 'history', stream, asOf] as const;

async function getHistory(stream: string, asOf: string | null, before: number | undefined, lang: string, signal?: AbortSignal): Promise<History> {
  const query = new URLSearchParams({ lang });
  if (asOf) query.set('asOf', asOf);
  if (before !== undefined) query.set('before', String(before));
  return (await staffGet<{ data: History }>(`/v1/admin/history/${encodeURIComponent(stream)}?${query}`, signal)).body.data;
}

/** The value of a field as a cell shows it: text as is, nothing as '—', anything else as JSON. */
const cell = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** Leaf fields of a state (dotted paths), as the before/after table names them. */
function leaves(state: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(state).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return v && typeof v === 'object' && !Array.isArray(v) ? leaves(v as Record<string, unknown>, path) : [[path, v] as [string, unknown]];
  });
}

/** A `datetime-local` value (local time, minutes) of an ISO time, and back. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string): string | null => {
  const ms = new Date(value).getTime();
  // The input's minute covers its whole minute: 10:05 shows what happened up to 10:05:59.999.
  return Number.isNaN(ms) ? null : new Date(ms + 59_999).toISOString();
};

/** The timeline of `stream` (as stored, e.g. `user-{id}`, `stock-{productId}`), titled with `title` when given. */
export function HistoryTimeline({ stream, title }: { stream: string; title?: string }) {
  const { t, i18n } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const headingId = useId();
  const inputId = useId();
  const [asOf, setAsOf] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const history = useInfiniteQuery({
    queryKey: historyKey(stream, asOf),
    queryFn: ({ pageParam, signal }) => getHistory(stream, asOf, pageParam, lang, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });
  const first = history.data?.pages[0];
  const events = history.data?.pages.flatMap((p) => p.events) ?? [];
  const sentenceI18n = { t: (key: string, params?: Record<string, unknown>) => String(t(key, params as never)), exists: (key: string) => i18n.exists(key, { ns: 'cms' }) };

  return (
    <section className="staff-panel history" aria-labelledby={headingId}>
      <div className="history__head">
        <h2 id={headingId}>
          <HistoryIcon size={16} aria-hidden="true" /> {title ?? t('admin.history.title')}
        </h2>
        <form
          className="history__as-of"
          onSubmit={(e) => {
            e.preventDefault();
            setAsOf(draft ? fromLocalInput(draft) : null);
          }}
        >
          <label htmlFor={inputId}>{t('admin.history.asOf')}</label>
          <input id={inputId} type="datetime-local" value={draft} onChange={(e) => setDraft(e.target.value)} aria-describedby={`${inputId}-hint`} />
          <button type="submit" className="button">
            {t('admin.history.show')}
          </button>
          {asOf ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                setDraft('');
                setAsOf(null);
              }}
            >
              {t('admin.history.now')}
            </button>
          ) : null}
          <p id={`${inputId}-hint`} className="staff-field__hint">
            {t('admin.history.asOfHint')}
          </p>
        </form>
      </div>
      {history.isPending ? <Spinner label={t('admin.history.loading')} /> : null}
      {history.isError ? <FormAlert messages={[apiErrorText(history.error)]} /> : null}
      {first && asOf ? <StateAt history={first} lang={lang} /> : null}
      {first && events.length === 0 ? <p className="history__empty">{t('admin.history.empty')}</p> : null}
      {first && events.length > 0 ? (
        <ol className="history__list" aria-label={title ?? t('admin.history.title')}>
          {events.map((event) => (
            <HistoryRow
              key={event.id}
              event={event}
              sentence={historySentence(event, first, sentenceI18n, lang)}
              lines={historyEntryLines(event, sentenceI18n, lang)}
              who={actorName(event, sentenceI18n)}
              lang={lang}
            />
          ))}
        </ol>
      ) : null}
      {history.hasNextPage ? (
        <button type="button" className="button" disabled={history.isFetchingNextPage} onClick={() => history.fetchNextPage()}>
          {t('admin.history.older')}
        </button>
      ) : null}
    </section>
  );
}

function StateAt({ history, lang }: { history: History; lang: 'et' | 'en' }) {
  const { t } = useTranslation('cms');
  const fields = leaves(history.state);
  return (
    <div className="history__state">
      <h3>{t('admin.history.stateAt', { time: formatDate(history.asOf, lang, true) })}</h3>
      <table className="history__table">
        <thead>
          <tr>
            <th scope="col">{t('admin.history.field')}</th>
            <th scope="col">{t('admin.history.after')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(([field, value]) => (
            <tr key={field}>
              <th scope="row">{field}</th>
              <td>{cell(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One event: its sentence, one line per entry change (the menu: added, removed, moved, renamed; those replace the
 * before/after table, whose cells would be whole entries), who and when, the changed fields, the raw event.
 */
function HistoryRow({ event, sentence, lines, who, lang }: { event: HistoryEvent; sentence: string; lines: string[]; who: string; lang: 'et' | 'en' }) {
  const { t } = useTranslation('cms');
  const [open, setOpen] = useState(false);
  const rawId = useId();
  const fieldChanges = event.changes.filter((c) => !c.entryChange?.length);
  return (
    <li className="history__row" data-event-type={event.type}>
      <p className="history__sentence">{sentence}</p>
      {lines.length ? (
        <ul className="history__lines">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="history__meta">
        <time dateTime={event.time}>{formatDate(event.time, lang, true)}</time>
        <span aria-hidden="true"> · </span>
        <span className={`history__who history__who--${event.actor.kind}`}>{who}</span>
        <span aria-hidden="true"> · </span>
        <span>{event.type}</span>
      </p>
      {fieldChanges.length ? (
        <table className="history__table">
          <thead>
            <tr>
              <th scope="col">{t('admin.history.field')}</th>
              <th scope="col">{t('admin.history.before')}</th>
              <th scope="col">{t('admin.history.after')}</th>
            </tr>
          </thead>
          <tbody>
            {fieldChanges.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.field}</th>
                <td>{cell(c.before)}</td>
                <td>{cell(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : lines.length ? null : (
        <p className="history__none">{t('admin.history.noChanges')}</p>
      )}
      <button type="button" className="history__toggle" aria-expanded={open} aria-controls={rawId} onClick={() => setOpen((o) => !o)}>
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
        {open ? t('admin.history.rawHide') : t('admin.history.rawShow')}
      </button>
      <div id={rawId} hidden={!open} className="history__raw">
        <dl className="staff-facts">
          <div>
            <dt>{t('admin.history.correlation')}</dt>
            <dd>
              <code>{cell(event.metadata.correlationId)}</code>
            </dd>
          </div>
          <div>
            <dt>{t('admin.history.causation')}</dt>
            <dd>
              <code>{cell(event.metadata.causationId)}</code>
            </dd>
          </div>
        </dl>
        <p className="staff-field__hint">{t('admin.history.position', { position: event.streamPosition, global: event.globalPosition })}</p>
        {open ? <pre tabIndex={0}>{JSON.stringify({ id: event.id, type: event.type, data: event.data, metadata: event.metadata }, null, 2)}</pre> : null}
      </div>
    </li>
  );
}
