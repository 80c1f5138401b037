/**
 * The in-page editor's states as a pure reducer (spec 4 "Editor"):
 *
 *   idle --start(backup)--> editing --save--> busy --done--> saved --close--> idle
 *                             ^  |              |
 *                             |  +--discard-----+--> idle   (Cancel restores the backup and closes page settings)
 *                             +-----failed------+           (a 409 or another error: back to editing, edits kept)
 *
 * - editing keeps a backup of the current page (its frontEdit view) and of the global fields and item containers
 *   as read when editing began; the regions' edits are kept beside it, never written into it, so Discard (spec 4
 *   "Cancel restores the backup") is dropping the edits and the settings value.
 * - Fields are marked unsaved on edit (spec 4) and the marks are cleared after their save: the page's fields and
 *   the settings after the page save (`pageSaved`), the global fields and item containers after theirs
 *   (`globalsSaved`); a save that fails half-way keeps the marks of what was not saved.
 * - Page settings have an open flag (spec 4 "Page settings ... can be closed"); Save and Cancel close them.
 *
 * No I/O here: page-editor-provider.tsx runs the calls (save-plan.ts says which) and dispatches their outcome.
 */
import type { Language } from '../../../../api/contracts/catalog-constants';
import type { PageEdit } from '../../../../api/contracts/pages-admin';
import type { FieldKey } from '../../lib/editable/editable';

export type Localized = { et: string; en: string };
export type ItemContainers = Record<string, Array<{ id: string; html: Localized }>>;

/** The global content as GET /v1/item-container answers it: fields, item containers and the `site` stream version. */
export interface GlobalContent {
  fields: Record<string, Localized>;
  itemContainers: ItemContainers;
  version: number;
}

/** The page settings the panel edits (the same shape as the page-settings feature's PageSettingsValue). */
export interface SettingsValue {
  title: Localized;
  slug: Localized;
  layout: string;
  metaDescription: Localized;
  metaKeywords: Localized;
  canonicalUrl: string;
  visibility: PageEdit['settings']['visibility'];
}

/** What editing began from (spec 4: "a backup of the current page and fields is kept"). */
export interface Backup {
  /** The route's language: the language every edit is in. */
  lang: Language;
  /** The current page's frontEdit view; null on a screen without a content page (only global fields edit there). */
  page: PageEdit | null;
  globals: GlobalContent;
}

/** A stale save (409): the server's sentence naming who saved meanwhile and when, in the user's language. */
export interface Conflict {
  subject: 'page' | 'globals';
  message: string;
}

export interface Session {
  backup: Backup;
  /** Field key -> the edited value (HTML for rich text, plain text for one-line fields). */
  edits: Partial<Record<FieldKey, string>>;
  /** The page settings as edited (starts as the backup's); null without a page. */
  settings: SettingsValue | null;
  settingsOpen: boolean;
  /** Fields edited and not saved yet, in the order first edited. */
  unsaved: FieldKey[];
  /** The settings differ from what was last saved. */
  settingsUnsaved: boolean;
  conflict: Conflict | null;
  /** Another failure's message (not a 409). */
  error: string | null;
}

export type EditorState =
  | { status: 'idle'; notice: 'saved' | 'published' | null }
  | ({ status: 'editing' | 'busy' | 'saved' } & Session);

export type EditorAction =
  | { type: 'start'; backup: Backup }
  | { type: 'edit'; field: FieldKey; value: string }
  | { type: 'settingsChanged'; value: SettingsValue }
  | { type: 'openSettings' }
  | { type: 'closeSettings' }
  | { type: 'saveStarted' }
  /** The page draft was saved: `version` is the page stream's version now (the next save sends it). */
  | { type: 'pageSaved'; version: number }
  /** The global fields and/or item containers were saved; `version` the `site` stream's version now. */
  | { type: 'globalsSaved'; version: number }
  | { type: 'saveFailed'; conflict?: Conflict; error?: string }
  | { type: 'saveDone' }
  | { type: 'close' }
  | { type: 'discard' }
  /** "Load theirs" after a 409: the latest page and fields as the new backup, edits dropped. */
  | { type: 'reloaded'; backup: Backup }
  | { type: 'keepEditing' }
  | { type: 'published' }
  | { type: 'dismissNotice' };

export const initialEditorState: EditorState = { status: 'idle', notice: null };

/** The settings value a page starts from (its draft and visibility rule). */
export function settingsOf(page: PageEdit): SettingsValue {
  const d = page.draft;
  return {
    title: d.title,
    slug: d.slug,
    layout: d.layout,
    metaDescription: d.metaDescription,
    metaKeywords: d.metaKeywords,
    canonicalUrl: d.canonicalUrl,
    visibility: page.settings.visibility,
  };
}

/** Keys of the page's own fields (saved with the page draft); the rest are global (field-bulk, item-container). */
export const isPageField = (field: FieldKey) => field === 'page.content' || field === 'page.title' || field.startsWith('page-container.');

function session(backup: Backup): Session {
  return { backup, edits: {}, settings: backup.page ? settingsOf(backup.page) : null, settingsOpen: false, unsaved: [], settingsUnsaved: false, conflict: null, error: null };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Pure transition; an action that does not apply in the current state leaves it as it is. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'start':
      return state.status === 'idle' ? { status: 'editing', ...session(action.backup) } : state;
    case 'dismissNotice':
      return state.status === 'idle' ? { status: 'idle', notice: null } : state;
    case 'published':
      return state.status === 'idle' ? { status: 'idle', notice: 'published' } : state;
    default:
      break;
  }
  if (state.status === 'idle') return state;
  switch (action.type) {
    case 'edit': {
      if (state.status !== 'editing') return state;
      const unsaved = state.unsaved.includes(action.field) ? state.unsaved : [...state.unsaved, action.field];
      const next = { ...state, edits: { ...state.edits, [action.field]: action.value }, unsaved };
      // The title shows on the page and in the settings: one value, kept in the settings.
      if (action.field === 'page.title' && state.settings) {
        next.settings = { ...state.settings, title: { ...state.settings.title, [state.backup.lang]: action.value } };
      }
      return next;
    }
    case 'settingsChanged': {
      if (state.status !== 'editing' || !state.settings) return state;
      const lang = state.backup.lang;
      const titleChanged = action.value.title[lang] !== state.settings.title[lang];
      return {
        ...state,
        settings: action.value,
        settingsUnsaved: state.settingsUnsaved || !same(action.value, state.settings),
        ...(titleChanged ? { edits: { ...state.edits, 'page.title': action.value.title[lang] } } : {}),
      };
    }
    case 'openSettings':
      return state.status === 'editing' && state.settings ? { ...state, settingsOpen: true } : state;
    case 'closeSettings':
      return { ...state, settingsOpen: false };
    case 'saveStarted':
      return state.status === 'editing' ? { ...state, status: 'busy', conflict: null, error: null } : state;
    case 'pageSaved': {
      if (state.status !== 'busy' || !state.backup.page) return state;
      const page = { ...state.backup.page, settings: { ...state.backup.page.settings, version: action.version } };
      return { ...state, backup: { ...state.backup, page }, unsaved: state.unsaved.filter((f) => !isPageField(f)), settingsUnsaved: false };
    }
    case 'globalsSaved': {
      if (state.status !== 'busy') return state;
      const globals = { ...state.backup.globals, version: action.version };
      return { ...state, backup: { ...state.backup, globals }, unsaved: state.unsaved.filter(isPageField) };
    }
    case 'saveFailed':
      return state.status === 'busy' ? { ...state, status: 'editing', conflict: action.conflict ?? null, error: action.conflict ? null : action.error ?? null } : state;
    case 'saveDone':
      return state.status === 'busy' ? { ...state, status: 'saved', settingsOpen: false } : state;
    case 'close':
      return state.status === 'saved' ? { status: 'idle', notice: 'saved' } : state;
    case 'discard':
      return state.status === 'editing' ? { status: 'idle', notice: null } : state;
    case 'reloaded':
      return state.status === 'editing' ? { status: 'editing', ...session(action.backup), settingsOpen: state.settingsOpen && !!action.backup.page } : state;
    case 'keepEditing':
      return state.status === 'editing' ? { ...state, conflict: null } : state;
    default:
      return state;
  }
}

/** Unsaved work that leaving would lose (spec 2 "Page loading": the unsaved-changes question). */
export function hasUnsavedChanges(state: EditorState): boolean {
  return state.status !== 'idle' && (state.unsaved.length > 0 || state.settingsUnsaved);
}

/** The value a region shows while editing: its edit, else (for the title) the settings' title, else the server's. */
export function regionValue(state: EditorState, field: FieldKey, serverValue: string): string {
  if (state.status === 'idle') return serverValue;
  if (field === 'page.title' && state.settings) return state.settings.title[state.backup.lang];
  return state.edits[field] ?? serverValue;
}
