/** The Page decider given / when / then: drafts, publish, schedule, restore, stale version, delete refused. */
import { describe, expect, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { ChangedMeanwhileError } from '../shared/errors.js';
import { fold } from '../shared/decider.js';
import { MAX_PAGE_TEXT, metaGuidance, pageDecider, type PageCommand, type PageEvent, type PageVersionDoc } from './page.js';

const page = spec(pageDecider);
const ID = '7d1c2f0a-5b6e-4c3d-8a9b-0c1d2e3f4a5b';
const NOW = '2026-11-22T10:00:00.000Z';
const MARI = 'e3a1b2c4-0000-4000-8000-000000000001';
const meta = { now: NOW, userId: MARI };
type Data<T extends PageCommand['type']> = Omit<Extract<PageCommand, { type: T }>['data'], 'pageId'>;
const cmd = <T extends PageCommand['type']>(type: T, data: Data<T>): PageCommand => ({ type, data: { pageId: ID, ...data }, metadata: meta }) as PageCommand;
const draftInput: Data<'SavePageDraft'> = { title: { et: 'Müügitingimused', en: 'Terms of sale' }, content: { et: '<p>Tingimused</p>', en: '<p>Terms</p>' } };
const doc: PageVersionDoc = {
  title: { et: 'Müügitingimused', en: 'Terms of sale' },
  slug: { et: 'muugitingimused', en: 'terms-of-sale' },
  layout: 'default',
  content: { et: '<p>Tingimused</p>', en: '<p>Terms</p>' },
  metaDescription: { et: '', en: '' },
  metaKeywords: { et: '', en: '' },
  canonicalUrl: '',
  itemContainers: {},
};
const stamp = { by: MARI, at: NOW };
const drafted = (revision: number, d: PageVersionDoc = doc): PageEvent => ({ type: 'PageDraftSaved', data: { pageId: ID, revision, doc: d, ...stamp } });
const published = (revision: number): PageEvent => ({ type: 'PagePublished', data: { pageId: ID, revision, ...stamp } });
const legacy: PageEvent = {
  type: 'PageSaved',
  data: { pageId: ID, name: 'muugitingimused', title: doc.title, content: doc.content, metaDescription: doc.metaDescription, metaKeywords: doc.metaKeywords },
};

describe('SavePageDraft', () => {
  it('creates the page with its first draft: slugs from the titles, layout default, empty texts filled in', () => {
    page.when(cmd('SavePageDraft', draftInput)).then([drafted(1)]);
  });

  it('records a new revision only when the draft differs', () => {
    page.given([drafted(1)]).when(cmd('SavePageDraft', draftInput)).then([]);
    page
      .given([drafted(1)])
      .when(cmd('SavePageDraft', { ...draftInput, layout: 'contact', canonicalUrl: '/muugitingimused', metaKeywords: { et: 'tingimused' } }))
      .then([drafted(2, { ...doc, layout: 'contact', canonicalUrl: '/muugitingimused', metaKeywords: { et: 'tingimused', en: '' } })]);
  });

  it('normalises a given slug by the slug rule and keeps item containers', () => {
    const itemContainers = { sidebar: [{ id: 'a1', html: { et: '<p>Kõrval</p>' } }] };
    page
      .when(cmd('SavePageDraft', { ...draftInput, slug: { et: ' Müügi  Tingimused! ', en: '' }, itemContainers }))
      .then([drafted(1, { ...doc, slug: { et: 'muugi-tingimused', en: 'terms-of-sale' }, itemContainers: { sidebar: [{ id: 'a1', html: { et: '<p>Kõrval</p>', en: '' } }] } })]);
  });

  it.each(['products', 'tooted', 'et', 'gallery', 'admin'])('refuses the slug "%s" that a route takes', (slug) => {
    page.when(cmd('SavePageDraft', { ...draftInput, slug: { et: slug } })).thenThrows('page.name_reserved', 'validation');
  });

  it('refuses a missing title, an unknown layout, a script canonical URL and texts over the limit', () => {
    page.when(cmd('SavePageDraft', { ...draftInput, title: { et: ' ', en: '' } })).thenThrows('page.title_missing', 'validation');
    page.when(cmd('SavePageDraft', { ...draftInput, layout: 'fancy' })).thenThrows('page.layout_invalid', 'validation');
    page.when(cmd('SavePageDraft', { ...draftInput, canonicalUrl: 'javascript:alert(1)' })).thenThrows('page.canonical_invalid', 'validation');
    page.when(cmd('SavePageDraft', { ...draftInput, metaKeywords: { et: 'x'.repeat(MAX_PAGE_TEXT + 1) } })).thenThrows('page.text_too_long', 'validation');
    page.when(cmd('SavePageDraft', { ...draftInput, slug: { et: '!!!' }, title: { et: '???' } })).thenThrows('page.slug_missing', 'validation');
  });

  it('refuses a save on a deleted page', () => {
    page.given([drafted(1), { type: 'PageDeleted', data: { pageId: ID, ...stamp } }]).when(cmd('SavePageDraft', draftInput)).thenThrows('page.deleted', 'illegal_state');
  });
});

describe('stale version (conventions 13)', () => {
  it('accepts the version the screen read and refuses an older one, naming who saved meanwhile and when', () => {
    page.given([drafted(1)]).when(cmd('SavePageDraft', { ...draftInput, expectedVersion: 1, layout: 'basic' })).then([drafted(2, { ...doc, layout: 'basic' })]);
    page.given([drafted(1), published(1)]).when(cmd('SavePageDraft', { ...draftInput, expectedVersion: 1 })).thenThrows('page.changed_meanwhile', 'conflict');
    try {
      pageDecider.decide(cmd('PublishPage', { expectedVersion: 1 }), fold(pageDecider, [drafted(1), published(1)]));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ChangedMeanwhileError);
      expect(error).toMatchObject({ expectedVersion: 1, actualVersion: 2, lastUserId: MARI, lastChangedAt: NOW });
    }
  });

  it('expects version 0 for a page that must not exist yet', () => {
    page.given([legacy]).when(cmd('SavePageDraft', { ...draftInput, expectedVersion: 0 })).thenThrows('page.changed_meanwhile', 'conflict');
  });
});

describe('PublishPage and UnpublishPage', () => {
  it('publishes the draft revision, once', () => {
    page.given([drafted(1), drafted(2, { ...doc, layout: 'basic' })]).when(cmd('PublishPage', {})).then([published(2)]);
    page.given([drafted(1), published(1)]).when(cmd('PublishPage', {})).then([]);
  });

  it('unpublishes a published page, and does nothing for an unpublished one', () => {
    page.given([drafted(1), published(1)]).when(cmd('UnpublishPage', {})).then([{ type: 'PageUnpublished', data: { pageId: ID, ...stamp } }]);
    page.given([drafted(1)]).when(cmd('UnpublishPage', {})).then([]);
  });

  it('answers not found for a page that was never saved', () => {
    page.when(cmd('PublishPage', {})).thenThrows('page.not_found', 'not_found');
  });
});

describe('SchedulePage (spec 4 "Visibility rule")', () => {
  const range = { type: 'timeRange' as const, rangeFrom: '2026-12-01T00:00:00.000Z', rangeTo: '2026-12-24T00:00:00.000Z', stateInRange: 'visible' as const, stateOutRange: 'hidden' as const };

  it('records a rule with instants normalised, and nothing for the same rule', () => {
    page.given([drafted(1)]).when(cmd('SchedulePage', { visibility: { ...range, rangeFrom: '2026-12-01T02:00:00+02:00' } })).then([{ type: 'PageScheduled', data: { pageId: ID, visibility: range, ...stamp } }]);
    page.given([drafted(1), { type: 'PageScheduled', data: { pageId: ID, visibility: range, ...stamp } }]).when(cmd('SchedulePage', { visibility: range })).then([]);
  });

  it('drops the dates a static rule does not use, and clears the rule with null', () => {
    page
      .given([drafted(1)])
      .when(cmd('SchedulePage', { visibility: { ...range, type: 'static', stateInRange: 'inaccessible' } }))
      .then([{ type: 'PageScheduled', data: { pageId: ID, visibility: { ...range, type: 'static', rangeFrom: null, rangeTo: null, stateInRange: 'inaccessible' }, ...stamp } }]);
    page.given([drafted(1), { type: 'PageScheduled', data: { pageId: ID, visibility: range, ...stamp } }]).when(cmd('SchedulePage', { visibility: null })).then([{ type: 'PageScheduled', data: { pageId: ID, visibility: null, ...stamp } }]);
  });

  it('refuses an end before the start, a timed rule without a start, a bad date or state', () => {
    page.given([drafted(1)]).when(cmd('SchedulePage', { visibility: { ...range, rangeTo: '2026-11-01T00:00:00.000Z' } })).thenThrows('page.visibility_invalid', 'validation');
    page.given([drafted(1)]).when(cmd('SchedulePage', { visibility: { ...range, type: 'timed', rangeFrom: null } })).thenThrows('page.visibility_invalid');
    page.given([drafted(1)]).when(cmd('SchedulePage', { visibility: { ...range, rangeFrom: 'soon' } })).thenThrows('page.visibility_invalid');
    page.given([drafted(1)]).when(cmd('SchedulePage', { visibility: { ...range, stateOutRange: 'gone' as 'hidden' } })).thenThrows('page.visibility_invalid');
  });
});

describe('RestorePageVersion', () => {
  const v2 = { ...doc, layout: 'basic' as const };

  it('appends a new revision equal to the old one as the draft; the old events stay', () => {
    page.given([drafted(1), drafted(2, v2), published(2)]).when(cmd('RestorePageVersion', { revision: 1 })).then([{ type: 'PageVersionRestored', data: { pageId: ID, revision: 3, restoredFrom: 1, doc, ...stamp } }]);
  });

  it('does nothing when the draft already equals it, and refuses an unknown revision', () => {
    page.given([drafted(1), drafted(2, v2)]).when(cmd('RestorePageVersion', { revision: 2 })).then([]);
    page.given([drafted(1)]).when(cmd('RestorePageVersion', { revision: 5 })).thenThrows('page.version_not_found', 'not_found');
    page.given([drafted(1)]).when(cmd('RestorePageVersion', { revision: 0 })).thenThrows('page.version_not_found', 'not_found');
  });

  it('a restored revision is what the next publish shows', () => {
    const state = fold(pageDecider, [drafted(1), drafted(2, v2), published(2), { type: 'PageVersionRestored', data: { pageId: ID, revision: 3, restoredFrom: 1, doc, ...stamp } }]);
    expect(pageDecider.decide(cmd('PublishPage', {}), state)).toEqual([published(3)]);
  });
});

describe('DeletePage', () => {
  const entry = (target: string) => ({ kind: 'page', label: { et: 'Müügitingimused', en: 'Terms of sale' }, target });

  it('deletes a page no menu entry links', () => {
    page.given([drafted(1), published(1)]).when(cmd('DeletePage', { menuEntries: [entry('kontakt'), { ...entry('muugitingimused'), kind: 'link' }] })).then([{ type: 'PageDeleted', data: { pageId: ID, ...stamp } }]);
  });

  it.each(['muugitingimused', '/terms-of-sale', ID])('is refused while a page entry targets it (%s), naming the entry', (target) => {
    page.given([drafted(1), published(1)]).when(cmd('DeletePage', { menuEntries: [entry(target)] })).thenThrows('page.linked_from_menu', 'illegal_state');
    expect(() => pageDecider.decide(cmd('DeletePage', { menuEntries: [entry(target)] }), fold(pageDecider, [drafted(1)]))).toThrow(/Müügitingimused/);
  });
});

describe('a stored PageSaved (before drafts)', () => {
  it('counts as a saved and published revision with layout default and its name as both slugs', () => {
    const state = fold(pageDecider, [legacy]);
    expect(state).toMatchObject({ status: 'active', version: 1, draftRevision: 1, publishedRevision: 1, revisions: [{ ...doc, slug: { et: 'muugitingimused', en: 'muugitingimused' } }] });
    page.given([legacy]).when(cmd('PublishPage', {})).then([]);
    page.given([legacy]).when(cmd('SavePageDraft', { ...draftInput, slug: { et: 'muugitingimused', en: 'muugitingimused' } })).then([]);
  });
});

describe('metaGuidance (spec 5)', () => {
  it('counts words of a description (50-160) and comma-separated keywords (5-10)', () => {
    expect(metaGuidance('sõna '.repeat(49), 'description')).toBe('short');
    expect(metaGuidance('sõna '.repeat(50), 'description')).toBe('ok');
    expect(metaGuidance('sõna '.repeat(161), 'description')).toBe('long');
    expect(metaGuidance('a, b, c, d', 'keywords')).toBe('short');
    expect(metaGuidance('a, b, c, d, e', 'keywords')).toBe('ok');
    expect(metaGuidance('a,b,c,d,e,f,g,h,i,j,k', 'keywords')).toBe('long');
  });
});
