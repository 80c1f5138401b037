/**
 * What the content editing routes share (spec 4 "Editor"; api/routes/pages/staff.ts, api/routes/admin/pages.ts,
 * api/routes/pages/index.ts frontEdit): a page's state for the PageList, its frontEdit view (draft, versions with
 * the savers' names, settings), user names from the users read model, and running a save so that a stale version
 * answers 409 naming who saved meanwhile (api/plugins/changed-meanwhile.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChangedMeanwhileError } from '../../../domain/shared/errors.js';
import type { Localized } from '../../../domain/shared/localized.js';
import type { PageDraft } from '../../../projections/pages/queries.js';
import { getPageDraft, listPageDrafts, listPageVersions } from '../../../projections/pages/queries.js';
import { listUsers } from '../../../projections/users/queries.js';
import type { PageEdit, PageState } from '../../contracts/pages-admin.js';
import { changedMeanwhileAnswer } from '../../plugins/changed-meanwhile.js';
import type { ApiDeps } from '../../plugins/deps.js';
import { requestLanguage } from '../../plugins/messages.js';
import { readModelWaitMs } from '../../plugins/read-model-wait.js';

/**
 * A page's state for the PageList (spec 2 PageList; visibility rule spec 3/4) at the moment its `stateNow` was taken:
 * `draft` never published or withdrawn; `scheduled` published, not shown now and its rule's range starts later;
 * `hidden` published and not shown now (hidden or inaccessible); `published` shown to guests now.
 */
export function pageState(page: PageDraft, now: string): PageState {
  if (page.publishedRevision === null) return 'draft';
  if (page.stateNow === 'visible') return 'published';
  const from = page.visibility?.rangeFrom;
  if (page.visibility && page.visibility.type !== 'static' && from && Date.parse(from) > Date.parse(now)) return 'scheduled';
  return 'hidden';
}

/** User id -> username of every staff user (a handful; one query per list, not one per row). */
export async function userNames(deps: Pick<ApiDeps, 'db'>): Promise<Map<string, string>> {
  return new Map((await listUsers(deps.db)).map((u) => [u.id, u.username]));
}

/** The frontEdit view of a page for staff: its draft, every version (savers by name) and its settings. */
export async function pageEditView(deps: Pick<ApiDeps, 'db'>, page: PageDraft, now: string): Promise<PageEdit> {
  const [versions, names] = await Promise.all([listPageVersions(deps.db, page.pageId), userNames(deps)]);
  const name = (id: string | null) => (id ? names.get(id) ?? null : null);
  return {
    pageId: page.pageId,
    draft: page.draft,
    versions: versions.map((v) => ({ revision: v.revision, savedBy: name(v.savedBy), savedAt: v.savedAt, restoredFrom: v.restoredFrom, doc: { title: v.doc.title, slug: v.doc.slug, layout: v.doc.layout } })),
    settings: {
      version: page.version,
      draftRevision: page.draftRevision,
      publishedRevision: page.publishedRevision,
      visibility: page.visibility,
      state: pageState(page, now),
      changedBy: name(page.changedBy),
      changedAt: page.changedAt,
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The staff's page by id or by a slug of its draft (either language; drafts never published too); null for an
 * unknown or deleted page.
 */
export async function findPageForStaff(deps: Pick<ApiDeps, 'db'>, ref: string, now: string): Promise<PageDraft | null> {
  if (UUID.test(ref)) {
    const page = await getPageDraft(deps.db, ref, now);
    return page?.status === 'active' ? page : null;
  }
  return (await listPageDrafts(deps.db, now)).find((p) => p.draft.slug.et === ref || p.draft.slug.en === ref) ?? null;
}

/** How each subject reads in the 409 sentence (api/plugins/changed-meanwhile.ts). */
export const SUBJECTS = {
  page: { et: 'Seda lehte', en: 'this page' },
  menu: { et: 'Menüüd', en: 'the menu' },
  site: { et: 'Üldist sisu', en: 'the global content' },
} satisfies Record<string, Localized>;

/**
 * Runs a save; a ChangedMeanwhileError answers 409 naming who saved meanwhile and when (the reply is sent and
 * `undefined` returned), any other error goes to the error handler.
 */
export async function saving<T>(deps: Pick<ApiDeps, 'db'>, request: FastifyRequest, reply: FastifyReply, subject: Localized, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ChangedMeanwhileError)) throw error;
    const answer = await changedMeanwhileAnswer(deps.db, error, requestLanguage(request.query, request.headers['accept-language']), subject);
    void reply.status(answer.status).send(answer.payload);
    return undefined;
  }
}

/**
 * Waits (at most `ms`, default 5 s) until `read()` answers at least `version`, so the screen's next read shows its
 * own save (the read models follow the event store within milliseconds, design brief "read your writes").
 */
export async function untilVersion(read: () => Promise<number>, version: number, ms = 5000): Promise<void> {
  const until = Date.now() + readModelWaitMs(ms);
  while ((await read()) < version && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

/**
 * The answer of a page command (`{ pageId, version, draftRevision, publishedRevision }`), once the pages read model
 * shows it.
 */
export async function pageCommandAnswer(deps: Pick<ApiDeps, 'db'>, pageId: string, result: { version: bigint; state: { status: string } & Partial<{ draftRevision: number; publishedRevision: number | null }> }) {
  const version = Number(result.version);
  await untilVersion(async () => (await getPageDraft(deps.db, pageId))?.version ?? 0, version);
  return { pageId, version, draftRevision: result.state.draftRevision ?? 0, publishedRevision: result.state.publishedRevision ?? null };
}
