/**
 * The in-page editor's states (spec 4 "Editor"): idle -> editing (with a backup) -> busy -> saved -> idle, Cancel
 * restores the backup and closes page settings, unsaved marks cleared after their own save, a 409 back to editing
 * with the edits kept.
 */
import { describe, expect, it } from 'vitest';
import { BACKUP, PAGE } from './test-fixtures';
import { type Backup, type EditorState, editorReducer, hasUnsavedChanges, initialEditorState, regionValue } from './editor-state';

const run = (...actions: Parameters<typeof editorReducer>[1][]) => actions.reduce<EditorState>(editorReducer, initialEditorState);
const editing = (s: EditorState) => {
  if (s.status === 'idle') throw new Error('not editing');
  return s;
};

describe('in-page editor states (spec 4 "Editor")', () => {
  it('Edit page: idle -> editing with the backup, nothing unsaved, settings from the draft and closed', () => {
    const s = editing(run({ type: 'start', backup: BACKUP }));
    expect(s.status).toBe('editing');
    expect(s.backup).toBe(BACKUP);
    expect(s.unsaved).toEqual([]);
    expect(s.settings?.title).toEqual(PAGE.draft.title);
    expect(s.settingsOpen).toBe(false);
    expect(hasUnsavedChanges(s)).toBe(false);
  });

  it('an edit marks its field unsaved once and keeps the backup as it was', () => {
    const s = editing(run({ type: 'start', backup: BACKUP }, { type: 'edit', field: 'page.content', value: '<p>Uus</p>' }, { type: 'edit', field: 'page.content', value: '<p>Uuem</p>' }, { type: 'edit', field: 'global.phone', value: '+372 1' }));
    expect(s.unsaved).toEqual(['page.content', 'global.phone']);
    expect(s.edits['page.content']).toBe('<p>Uuem</p>');
    expect(s.backup.page?.draft.content.et).toBe('<p>Tere</p>');
    expect(regionValue(s, 'page.content', '<p>Tere</p>')).toBe('<p>Uuem</p>');
    expect(hasUnsavedChanges(s)).toBe(true);
  });

  it('Cancel (Discard) restores the backup: back to idle, the edits and the open settings gone', () => {
    const s = run({ type: 'start', backup: BACKUP }, { type: 'openSettings' }, { type: 'edit', field: 'page.content', value: '<p>Uus</p>' }, { type: 'discard' });
    expect(s).toEqual({ status: 'idle', notice: null });
    expect(regionValue(s, 'page.content', '<p>Tere</p>')).toBe('<p>Tere</p>');
    const again = editing(editorReducer(s, { type: 'start', backup: BACKUP }));
    expect(again.edits).toEqual({});
    expect(again.settingsOpen).toBe(false);
  });

  it('Save: busy, the page fields unmarked after the page save, the global ones after theirs, then saved -> idle', () => {
    let s = run({ type: 'start', backup: BACKUP }, { type: 'edit', field: 'page.content', value: '<p>Uus</p>' }, { type: 'edit', field: 'global.phone', value: '+372 1' }, { type: 'openSettings' }, { type: 'saveStarted' });
    expect(s.status).toBe('busy');
    expect(editorReducer(s, { type: 'edit', field: 'page.title', value: 'x' })).toBe(s); // no edits while busy
    s = editorReducer(s, { type: 'pageSaved', version: 4 });
    expect(editing(s).unsaved).toEqual(['global.phone']);
    expect(editing(s).backup.page?.settings.version).toBe(4);
    s = editorReducer(s, { type: 'globalsSaved', version: 10 });
    expect(editing(s).unsaved).toEqual([]);
    expect(editing(s).backup.globals.version).toBe(10);
    s = editorReducer(s, { type: 'saveDone' });
    expect(s.status).toBe('saved');
    expect(editing(s).settingsOpen).toBe(false);
    expect(editorReducer(s, { type: 'close' })).toEqual({ status: 'idle', notice: 'saved' });
  });

  it('a stale save (409) goes back to editing with the edits, the marks and the offer; keep editing drops the offer', () => {
    let s = run({ type: 'start', backup: BACKUP }, { type: 'edit', field: 'page.content', value: '<p>Uus</p>' }, { type: 'saveStarted' });
    s = editorReducer(s, { type: 'saveFailed', conflict: { subject: 'page', message: 'Seda lehte muutis vahepeal jaan (28.11.26, 12:00:00).' } });
    expect(s.status).toBe('editing');
    expect(editing(s).conflict?.message).toMatch(/jaan/);
    expect(editing(s).unsaved).toEqual(['page.content']);
    expect(editing(s).edits['page.content']).toBe('<p>Uus</p>');
    s = editorReducer(s, { type: 'keepEditing' });
    expect(editing(s).conflict).toBeNull();
  });

  it("load theirs after a 409: the latest read becomes the backup and the edits are dropped, still editing", () => {
    const theirs: Backup = { ...BACKUP, page: { ...PAGE, settings: { ...PAGE.settings, version: 5 } } };
    let s = run({ type: 'start', backup: BACKUP }, { type: 'edit', field: 'page.content', value: '<p>Uus</p>' }, { type: 'saveStarted' }, { type: 'saveFailed', conflict: { subject: 'page', message: 'x' } });
    s = editorReducer(s, { type: 'reloaded', backup: theirs });
    expect(s.status).toBe('editing');
    expect(editing(s).backup).toBe(theirs);
    expect(editing(s).edits).toEqual({});
    expect(editing(s).unsaved).toEqual([]);
    expect(editing(s).conflict).toBeNull();
  });

  it('the title is one value on the page and in the settings', () => {
    let s = run({ type: 'start', backup: BACKUP }, { type: 'edit', field: 'page.title', value: 'Tingimused' });
    expect(editing(s).settings?.title).toEqual({ et: 'Tingimused', en: 'Terms of sale' });
    const settings = editing(s).settings!;
    s = editorReducer(s, { type: 'settingsChanged', value: { ...settings, title: { ...settings.title, et: 'Ostutingimused' } } });
    expect(regionValue(s, 'page.title', 'Müügitingimused')).toBe('Ostutingimused');
    expect(editing(s).settingsUnsaved).toBe(true);
  });

  it('a failure other than a 409 shows its message and keeps editing', () => {
    const s = run({ type: 'start', backup: BACKUP }, { type: 'edit', field: 'global.phone', value: '1' }, { type: 'saveStarted' }, { type: 'saveFailed', error: 'Server ei vastanud' });
    expect(editing(s).status).toBe('editing');
    expect(editing(s).error).toBe('Server ei vastanud');
  });

  it('actions that do not apply leave the state as it is', () => {
    expect(run({ type: 'saveStarted' })).toEqual(initialEditorState);
    expect(run({ type: 'edit', field: 'page.content', value: 'x' })).toEqual(initialEditorState);
    const e = run({ type: 'start', backup: BACKUP });
    expect(editorReducer(e, { type: 'start', backup: BACKUP })).toBe(e);
    expect(editorReducer(e, { type: 'close' })).toBe(e);
    expect(editorReducer(run({ type: 'start', backup: { ...BACKUP, page: null } }), { type: 'openSettings' }).status).toBe('editing');
  });
});
