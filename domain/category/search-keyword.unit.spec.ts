/** AddCategorySearchKeyword (a zero-result search keyword made a category's search keyword in one click). */
import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import { categoryDecider, type CategoryCommand, type CategoryEvent } from './category.js';

const NOW = '2026-11-24T10:00:00.000Z';
const ID = 'c-1';
const add = (keyword: string, language: 'et' | 'en' = 'et'): CategoryCommand =>
  ({ type: 'AddCategorySearchKeyword', data: { categoryId: ID, language, keyword }, metadata: { now: NOW } }) as CategoryCommand;
const created: CategoryEvent = { type: 'CategoryCreated', data: { categoryId: ID, parentId: null, names: { et: 'Pidurid', en: 'Brakes' }, position: 0 } };
const keywords = (language: 'et' | 'en', value: string): CategoryEvent => ({ type: 'CategorySearchKeywordsChanged', data: { categoryId: ID, language, keywords: value } });

const category = spec(categoryDecider);

describe('AddCategorySearchKeyword', () => {
  it('sets the first keyword of a language, trimmed and with single spaces', () => {
    category.given([created]).when(add('  piduri   klotsid ')).then([keywords('et', 'piduri klotsid')]);
  });

  it('appends to the keywords the language already has, comma-separated, leaving the other language alone', () => {
    category.given([created, keywords('et', 'pidur, klots'), keywords('en', 'brake')]).when(add('ketas')).then([keywords('et', 'pidur, klots, ketas')]);
    category.given([created, keywords('et', 'pidur')]).when(add('stopping', 'en')).then([keywords('en', 'stopping')]);
  });

  it('changes nothing when the keywords already hold it, in any case', () => {
    category.given([created, keywords('et', 'Pidur, klots')]).when(add('pidur')).then([]);
  });

  it('refuses an empty or over-long keyword and an unknown category', () => {
    category.given([created]).when(add('   ')).thenThrows('category.keyword_invalid');
    category.given([created]).when(add('x'.repeat(65))).thenThrows('category.keyword_invalid');
    category.given([]).when(add('pidur')).thenThrows('category.not_found');
  });
});
