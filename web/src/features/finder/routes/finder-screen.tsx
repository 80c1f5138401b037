/**
 * The file manager screen at /admin/files (spec 2 "File manager (finder)"; permission files.view, changes with
 * files.edit): the finder (../components/finder.tsx) with what it shows in the URL (`folder`, `q`, `tag`, `sort`,
 * `page`, `view`; defaults left out, history replaced), so a folder or a search can be linked and reloaded.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { FINDER_SORTS } from '../../../../../api/contracts/finder';
import { PageMeta } from '../../../components/page-meta';
import { hasPermission, type SessionUser } from '../../../lib/staff/session';
import { DEFAULT_FINDER_VIEW, Finder, type FinderView } from '../components/finder';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The finder's view read from the URL's parameters (unknown values: the defaults). */
export function readFinderView(params: URLSearchParams): FinderView {
  const folder = params.get('folder') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    folder: UUID.test(folder) ? folder.toLowerCase() : 'root',
    q: (params.get('q') ?? '').slice(0, 100),
    tag: (params.get('tag') ?? '').slice(0, 50),
    sort: (FINDER_SORTS as readonly string[]).includes(sort) ? (sort as FinderView['sort']) : DEFAULT_FINDER_VIEW.sort,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

export function FinderScreen({ me }: { me: SessionUser }) {
  const { t } = useTranslation('cms');
  const [params, setParams] = useSearchParams();
  const view = readFinderView(params);
  const onView = (change: Partial<FinderView>) =>
    setParams(
      (current) => {
        const next = { ...readFinderView(current), ...change };
        const out = new URLSearchParams();
        for (const key of Object.keys(DEFAULT_FINDER_VIEW) as (keyof FinderView)[]) if (next[key] !== DEFAULT_FINDER_VIEW[key]) out.set(key, String(next[key]));
        return out;
      },
      { replace: true },
    );
  return (
    <section className="staff-screen" aria-labelledby="screen-title">
      <PageMeta title={t('finder.title')} description={t('finder.title')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('finder.title')}</h1>
      </div>
      <Finder canEdit={hasPermission(me, 'files.edit')} view={view} onView={onView} />
    </section>
  );
}
