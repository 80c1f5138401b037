/**
 * What Save sends (spec 4 "Editor" save order, spec 7 calls): the page draft with its pageId and version and both
 * languages, global fields with both languages, whole item containers, the schedule only for a changed visibility
 * rule, nothing for what was not edited.
 */
import { describe, expect, it } from 'vitest';
import { type Backup, type EditorState, editorReducer, initialEditorState } from './editor-state';
import { BACKUP, PAGE } from './test-fixtures';
import { containerItemOf, savePlan } from './save-plan';

const session = (backup: Backup, ...actions: Parameters<typeof editorReducer>[1][]) => {
  const s = actions.reduce<EditorState>(editorReducer, editorReducer(initialEditorState, { type: 'start', backup }));
  if (s.status === 'idle') throw new Error('idle');
  return s;
};

describe('save plan (spec 4 "Save saves the page, then the global fields and item containers")', () => {
  it('nothing edited: no call', () => {
    expect(savePlan(session(BACKUP))).toEqual({ page: null, fields: null, containers: null, sequential: false, schedule: null });
  });

  it('a paragraph edited: the page draft with pageId, the version read and the other language kept', () => {
    const plan = savePlan(session(BACKUP, { type: 'edit', field: 'page.content', value: '<p>Uus</p>' }));
    expect(plan.page).toMatchObject({ pageId: PAGE.pageId, version: 3, content: { et: '<p>Uus</p>', en: '<p>Hello</p>' }, title: PAGE.draft.title, layout: 'default' });
    expect(plan.fields).toBeNull();
    expect(plan.schedule).toBeNull();
  });

  it('a footer field edited: field-bulk with both languages and the site version; no page save', () => {
    const plan = savePlan(session(BACKUP, { type: 'edit', field: 'global.phone', value: '+372 5555 5555' }));
    expect(plan.page).toBeNull();
    expect(plan.fields).toEqual({ content: { phone: { et: '+372 5555 5555', en: '+372 5123 4567' } }, version: 9 });
  });

  it('in English, the Estonian values stay', () => {
    const plan = savePlan(session({ ...BACKUP, lang: 'en' }, { type: 'edit', field: 'page.title', value: 'Terms ' }, { type: 'edit', field: 'global.phone', value: '1' }));
    expect(plan.page?.title).toEqual({ et: 'Müügitingimused', en: 'Terms' });
    expect(plan.fields?.content.phone).toEqual({ et: '+372 5123 4567', en: '1' });
  });

  it('item containers: the whole container with the edited item; fields and containers together go one after the other', () => {
    const backup: Backup = { ...BACKUP, globals: { ...BACKUP.globals, itemContainers: { hero: [{ id: 'a', html: { et: '<p>A</p>', en: '<p>A en</p>' } }, { id: 'b.1', html: { et: '<p>B</p>', en: '' } }] } } };
    const plan = savePlan(session(backup, { type: 'edit', field: 'container.hero.b.1', value: '<p>BB</p>' }, { type: 'edit', field: 'global.phone', value: '1' }));
    expect(plan.containers).toEqual({ itemContainers: { hero: [{ id: 'a', html: { et: '<p>A</p>', en: '<p>A en</p>' } }, { id: 'b.1', html: { et: '<p>BB</p>', en: '' } }] }, version: 9 });
    expect(plan.sequential).toBe(true);
    expect(savePlan(session(backup, { type: 'edit', field: 'container.hero.a', value: '<p>x</p>' })).sequential).toBe(false);
  });

  it("the page's own item containers go with the page draft", () => {
    const backup: Backup = { ...BACKUP, page: { ...PAGE, draft: { ...PAGE.draft, itemContainers: { side: [{ id: '1', html: { et: '<p>S</p>', en: '<p>S</p>' } }] } } } };
    const plan = savePlan(session(backup, { type: 'edit', field: 'page-container.side.1', value: '<p>T</p>' }));
    expect(plan.page?.itemContainers).toEqual({ side: [{ id: '1', html: { et: '<p>T</p>', en: '<p>S</p>' } }] });
  });

  it('a changed visibility rule is scheduled; alone it makes no new draft', () => {
    const s = session(BACKUP);
    const visibility = { type: 'timeRange' as const, rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: '2026-12-31T00:00:00.000Z', stateInRange: 'visible' as const, stateOutRange: 'hidden' as const };
    const changed = editorReducer(s, { type: 'settingsChanged', value: { ...s.settings!, visibility } });
    if (changed.status === 'idle') throw new Error('idle');
    expect(savePlan(changed)).toMatchObject({ page: null, schedule: { visibility } });
    const withMeta = editorReducer(changed, { type: 'settingsChanged', value: { ...changed.settings!, metaDescription: { et: 'Kirjeldus', en: '' } } });
    if (withMeta.status === 'idle') throw new Error('idle');
    expect(savePlan(withMeta).page?.metaDescription).toEqual({ et: 'Kirjeldus', en: '' });
  });

  it('after the page save, a retry sends only what is still unsaved', () => {
    let s: EditorState = session(BACKUP, { type: 'edit', field: 'page.content', value: '<p>Uus</p>' }, { type: 'edit', field: 'global.phone', value: '1' }, { type: 'saveStarted' }, { type: 'pageSaved', version: 4 });
    s = editorReducer(s, { type: 'saveFailed', error: 'x' });
    if (s.status === 'idle') throw new Error('idle');
    expect(savePlan(s)).toMatchObject({ page: null, fields: { content: { phone: { et: '1', en: '+372 5123 4567' } } } });
  });

  it('reads container keys', () => {
    expect(containerItemOf('container.hero.x.y')).toEqual({ scope: 'global', name: 'hero', itemId: 'x.y' });
    expect(containerItemOf('page-container.side.1')).toEqual({ scope: 'page', name: 'side', itemId: '1' });
    expect(containerItemOf('global.phone')).toBeNull();
  });
});
