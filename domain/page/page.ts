/**
 * The Page aggregate (stream `page-{id}`): a content page of the storefront (spec 2 routes `/{pageName}`,
 * `/page/{pageId}` and `/page/{pageId}/{slug}`; spec 3 "Page"), with a draft the staff edit and a published version
 * guests see (spec 4 "Editor"). Every save is a numbered version (a revision); nothing is ever rewritten.
 *
 * - SavePageDraft records a new revision as the draft (when it differs from the draft); the page exists from its
 *   first draft on. The document's rules: domain/page/page-doc.ts.
 * - PublishPage makes the draft revision the published one; UnpublishPage withdraws it (guests get not-found).
 * - SchedulePage sets the visibility rule (domain/page/visibility.ts; null = always visible).
 * - RestorePageVersion appends a new revision equal to an old one, as the draft (publish it to show it).
 * - DeletePage is refused while a menu entry links the page (the handler passes the menu's entries in), naming the
 *   entry; a deleted page takes no further command.
 *
 * Optimistic concurrency (conventions 13): a staff command carries `expectedVersion`, the stream version its screen
 * read; when the stream moved since, the command is refused with ChangedMeanwhileError naming who changed it last and
 * when (`by`, `at` in the events). Seeds and system callers leave it out.
 *
 * Compatibility: a stored `PageSaved` (before drafts) counts as a saved and published revision, with layout
 * 'default', its name as the slug in both languages and no canonical URL or item containers.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { ChangedMeanwhileError, DomainError, illegalState, notFound, validation } from '../shared/errors.js';
import type { Localized } from '../shared/localized.js';
import { type PageDraftInput, type PageVersionDoc, toPageVersionDoc } from './page-doc.js';
import { VISIBILITY_STATES, VISIBILITY_TYPES, type VisibilityRule } from './visibility.js';

export * from './page-doc.js';

export const pageStreamId = (pageId: string) => `page-${pageId}`;

/** The page before drafts (a stored `PageSaved`'s data): name and texts, published when saved. */
export interface LegacyPageDoc {
  pageId: string;
  name: string;
  title: Localized;
  content: Localized;
  metaDescription: Localized;
  metaKeywords: Localized;
}

/** Who recorded an event (a staff user id, null for seeds and system) and when (ISO-8601 UTC). */
interface Stamp {
  by: string | null;
  at: string;
}

export type PageEvent =
  | Message<'PageSaved', LegacyPageDoc>
  | Message<'PageDraftSaved', { pageId: string; revision: number; doc: PageVersionDoc } & Stamp>
  | Message<'PageVersionRestored', { pageId: string; revision: number; restoredFrom: number; doc: PageVersionDoc } & Stamp>
  | Message<'PagePublished', { pageId: string; revision: number } & Stamp>
  | Message<'PageUnpublished', { pageId: string } & Stamp>
  | Message<'PageScheduled', { pageId: string; visibility: VisibilityRule | null } & Stamp>
  | Message<'PageDeleted', { pageId: string } & Stamp>;
export const PAGE_EVENT_TYPES: PageEvent['type'][] = ['PageSaved', 'PageDraftSaved', 'PageVersionRestored', 'PagePublished', 'PageUnpublished', 'PageScheduled', 'PageDeleted'];

/** A menu entry as DeletePage sees it: a `page` entry whose target is the page's id or one of its slugs links it. */
export interface MenuLinkRef {
  kind: string;
  label: Localized;
  target: string;
}

type Cmd<T extends string, D> = Message<T, { pageId: string; expectedVersion?: number } & D> & { metadata: CommandMetadata };
export type PageCommand =
  | Cmd<'SavePageDraft', PageDraftInput>
  | Cmd<'PublishPage', object>
  | Cmd<'UnpublishPage', object>
  | Cmd<'SchedulePage', { visibility: VisibilityRule | null }>
  | Cmd<'RestorePageVersion', { revision: number }>
  | Cmd<'DeletePage', { menuEntries: MenuLinkRef[] }>;

export interface PageLive {
  status: 'active' | 'deleted';
  pageId: string;
  /** Every revision in order: revision n is `revisions[n - 1]`. */
  revisions: PageVersionDoc[];
  /** The revision the editor shows. */
  draftRevision: number;
  /** The revision guests see, null when unpublished. */
  publishedRevision: number | null;
  visibility: VisibilityRule | null;
}
export type PageState = ({ status: 'empty' } | PageLive) & {
  /** The stream version: how many events are folded. */
  version: number;
  lastChange: { by: string | null; at: string | null };
};
export const initialState: PageState = { status: 'empty', version: 0, lastChange: { by: null, at: null } };

/** The legacy document as a page version (see the compatibility note above). */
export function fromLegacyDoc(d: LegacyPageDoc): PageVersionDoc {
  return {
    title: d.title,
    slug: { et: d.name, en: d.name },
    layout: 'default',
    content: d.content,
    metaDescription: d.metaDescription,
    metaKeywords: d.metaKeywords,
    canonicalUrl: '',
    itemContainers: {},
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** @throws DomainError validation page.visibility_invalid */
function checkVisibility(rule: VisibilityRule | null): VisibilityRule | null {
  if (rule === null) return null;
  const bad = (field: string) => validation('page.visibility_invalid', 'The visibility rule is not valid', `visibility.${field}`);
  if (!rule || !(VISIBILITY_TYPES as readonly string[]).includes(rule.type)) throw bad('type');
  for (const k of ['stateInRange', 'stateOutRange'] as const) if (!(VISIBILITY_STATES as readonly string[]).includes(rule[k] ?? '')) throw bad(k);
  const instant = (v: unknown, field: string): string | null => {
    if (v === null || v === undefined || v === '') return null;
    if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw bad(field);
    return new Date(Date.parse(v)).toISOString();
  };
  const from = rule.type === 'static' ? null : instant(rule.rangeFrom, 'rangeFrom');
  const to = rule.type === 'timeRange' ? instant(rule.rangeTo, 'rangeTo') : null;
  if (rule.type === 'timed' && from === null) throw bad('rangeFrom');
  if (rule.type === 'timeRange' && from === null && to === null) throw bad('rangeFrom');
  if (from !== null && to !== null && Date.parse(from) > Date.parse(to)) throw bad('rangeTo');
  return { type: rule.type, rangeFrom: from, rangeTo: to, stateInRange: rule.stateInRange, stateOutRange: rule.stateOutRange };
}

/** The menu entry linking the page (by id or any slug of its draft or published revision), if any. */
function linkingEntry(state: PageLive, entries: MenuLinkRef[]): MenuLinkRef | undefined {
  const names = new Set<string>([state.pageId]);
  for (const n of [state.draftRevision, state.publishedRevision]) {
    const doc = n === null ? undefined : state.revisions[n - 1];
    if (doc) for (const s of Object.values(doc.slug)) names.add(s);
  }
  return entries.find((e) => e.kind === 'page' && names.has(e.target.trim().replace(/^\/+/, '').replace(/^en\//, '')));
}

function requireLive(state: PageState): PageLive {
  if (state.status === 'empty') throw notFound('page.not_found', 'No such page');
  if (state.status === 'deleted') throw illegalState('page.deleted', 'The page is deleted');
  return state;
}

/**
 * Pure decision.
 * @throws ChangedMeanwhileError page.changed_meanwhile (conflict) when `expectedVersion` is stale;
 *   DomainError validation (page-doc.ts codes, page.visibility_invalid), not_found (page.not_found,
 *   page.version_not_found), illegal_state (page.deleted, page.linked_from_menu).
 */
export function decide(command: PageCommand, state: PageState): PageEvent[] {
  const d = command.data;
  if (d.expectedVersion !== undefined && d.expectedVersion !== state.version) {
    throw new ChangedMeanwhileError('page.changed_meanwhile', d.expectedVersion, state.version, state.lastChange.by, state.lastChange.at);
  }
  const stamp: Stamp = { by: command.metadata.userId ?? null, at: command.metadata.now };
  switch (command.type) {
    case 'SavePageDraft': {
      if (state.status === 'deleted') throw illegalState('page.deleted', 'The page is deleted');
      const doc = toPageVersionDoc(d as PageDraftInput);
      if (state.status === 'active' && same(doc, state.revisions[state.draftRevision - 1])) return [];
      const revision = state.status === 'active' ? state.revisions.length + 1 : 1;
      return [{ type: 'PageDraftSaved', data: { pageId: d.pageId, revision, doc, ...stamp } }];
    }
    case 'PublishPage': {
      const live = requireLive(state);
      return live.publishedRevision === live.draftRevision ? [] : [{ type: 'PagePublished', data: { pageId: d.pageId, revision: live.draftRevision, ...stamp } }];
    }
    case 'UnpublishPage': {
      const live = requireLive(state);
      return live.publishedRevision === null ? [] : [{ type: 'PageUnpublished', data: { pageId: d.pageId, ...stamp } }];
    }
    case 'SchedulePage': {
      const live = requireLive(state);
      const visibility = checkVisibility(command.data.visibility);
      return same(visibility, live.visibility) ? [] : [{ type: 'PageScheduled', data: { pageId: d.pageId, visibility, ...stamp } }];
    }
    case 'RestorePageVersion': {
      const live = requireLive(state);
      const from = command.data.revision;
      const doc = Number.isInteger(from) && from >= 1 ? live.revisions[from - 1] : undefined;
      if (!doc) throw notFound('page.version_not_found', `The page has no version ${String(from)}`);
      if (same(doc, live.revisions[live.draftRevision - 1])) return [];
      return [{ type: 'PageVersionRestored', data: { pageId: d.pageId, revision: live.revisions.length + 1, restoredFrom: from, doc, ...stamp } }];
    }
    case 'DeletePage': {
      const live = requireLive(state);
      const entry = linkingEntry(live, command.data.menuEntries);
      if (entry) {
        const label = entry.label.et || entry.label.en;
        throw new DomainError('page.linked_from_menu', 'illegal_state', `The menu entry "${label}" links this page; remove it from the menu first`, undefined, {
          problems: [{ code: 'page.linked_from_menu', field: 'menu', message: label }],
        });
      }
      return [{ type: 'PageDeleted', data: { pageId: d.pageId, ...stamp } }];
    }
    default:
      return assertNever(command);
  }
}

function addRevision(state: PageState, pageId: string, doc: PageVersionDoc): PageLive {
  const base: PageLive =
    state.status === 'empty' ? { status: 'active', pageId, revisions: [], draftRevision: 0, publishedRevision: null, visibility: null } : state;
  const revisions = [...base.revisions, doc];
  return { ...base, revisions, draftRevision: revisions.length };
}

function evolveLive(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'PageSaved': {
      const next = addRevision(state, event.data.pageId, fromLegacyDoc(event.data));
      return { ...state, ...next, publishedRevision: next.draftRevision };
    }
    case 'PageDraftSaved':
    case 'PageVersionRestored':
      return { ...state, ...addRevision(state, event.data.pageId, event.data.doc) };
    case 'PagePublished':
      return state.status === 'empty' ? state : { ...state, publishedRevision: event.data.revision };
    case 'PageUnpublished':
      return state.status === 'empty' ? state : { ...state, publishedRevision: null };
    case 'PageScheduled':
      return state.status === 'empty' ? state : { ...state, visibility: event.data.visibility };
    case 'PageDeleted':
      return state.status === 'empty' ? state : { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export function evolve(state: PageState, event: PageEvent): PageState {
  const next = evolveLive(state, event);
  const stamped = 'at' in event.data ? { by: event.data.by, at: event.data.at } : { by: null, at: null };
  return { ...next, version: state.version + 1, lastChange: stamped };
}

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = { decide, evolve, initialState };
