import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { MAX_PAGE_TEXT, pageDecider, type PageCommand, type PageEvent } from './page.js';

const page = spec(pageDecider);
const ID = '7d1c2f0a-5b6e-4c3d-8a9b-0c1d2e3f4a5b';
const save = (data: Partial<PageCommand['data']>): PageCommand => ({
  type: 'SavePage',
  data: { pageId: ID, name: 'muugitingimused', title: { et: 'Müügitingimused', en: 'Terms of sale' }, content: { et: '<p>Tingimused</p>', en: '<p>Terms</p>' }, ...data },
  metadata: { now: '2026-11-22T10:00:00.000Z' },
});
const saved: PageEvent = {
  type: 'PageSaved',
  data: {
    pageId: ID,
    name: 'muugitingimused',
    title: { et: 'Müügitingimused', en: 'Terms of sale' },
    content: { et: '<p>Tingimused</p>', en: '<p>Terms</p>' },
    metaDescription: { et: '', en: '' },
    metaKeywords: { et: '', en: '' },
  },
};

describe('SavePage', () => {
  it('records a new page with every text in both languages, missing ones empty', () => {
    page.when(save({ name: ' muugitingimused ' })).then([saved]);
  });

  it('decides nothing for the same page, and records a change', () => {
    page.given([saved]).when(save({})).then([]);
    page
      .given([saved])
      .when(save({ metaDescription: { et: 'Ostu tingimused' } }))
      .then([{ type: 'PageSaved', data: { ...saved.data, metaDescription: { et: 'Ostu tingimused', en: '' } } }]);
  });

  it.each(['', 'Müügitingimused', 'terms of sale', 'terms--sale', '-terms', 'terms/sale'])('rejects the name "%s"', (name) => {
    page.when(save({ name })).thenThrows('page.name_invalid', 'validation');
  });

  it.each(['et', 'en', 'products', 'tooted', 'cart', 'checkout', 'gallery', 'admin', 'clear-storage'])('rejects the name "%s" that a route takes', (name) => {
    page.when(save({ name })).thenThrows('page.name_reserved', 'validation');
  });

  it('rejects a page without a title and texts over the limit', () => {
    page.when(save({ title: { et: ' ', en: '' } })).thenThrows('page.title_missing', 'validation');
    page.when(save({ metaKeywords: { et: 'x'.repeat(MAX_PAGE_TEXT + 1) } })).thenThrows('page.text_too_long', 'validation');
    page.when(save({ content: { et: 3 as unknown as string } })).thenThrows('page.text_invalid', 'validation');
  });
});
