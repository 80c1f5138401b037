import { describe, expect, it } from 'vitest';
import { MAX_CATEGORY_SUGGESTIONS, scoreCategory, suggestCategories, type SuggestionTreeNode } from './category-suggestions';

const node = (id: string, et: string, en: string, children: SuggestionTreeNode[] = [], productCount = 1, keywords = { et: '', en: '' }): SuggestionTreeNode => ({
  id,
  name: { et, en },
  url: { et: `/et/${id}`, en: `/en/${id}` },
  search_keywords: keywords,
  productCount,
  children,
});

describe('category suggestions (spec 9)', () => {
  it('scores 30 for an exact match and 10 per whole-word hit', () => {
    expect(scoreCategory('Brake pads', 'Brake pads')).toBe(30 + 10 + 10);
    expect(scoreCategory('brake', 'Brake pads')).toBe(10);
    expect(scoreCategory('brake pads', 'Rear brake pads kit')).toBe(20);
    expect(scoreCategory('BRAKE   pads', 'brake pads')).toBe(50);
  });

  it('counts a word still being typed as a candidate with no score, and refuses a word that starts nothing', () => {
    expect(scoreCategory('bra', 'Brake pads')).toBe(0);
    expect(scoreCategory('brake pa', 'Brake pads')).toBe(10);
    expect(scoreCategory('clutch', 'Brake pads')).toBeNull();
    expect(scoreCategory('', 'Brake pads')).toBeNull();
  });

  it('finds a category by its search keywords', () => {
    expect(scoreCategory('disc', 'Pidurid', 'disc rotor')).toBe(10);
  });

  it('answers in the asked language, best first, with the names above each', () => {
    const tree = [
      node('brakes', 'Pidurid', 'Brakes', [node('pads', 'Piduriklotsid', 'Brake pads', [], 5), node('discs', 'Piduriketas', 'Brake discs', [], 9)]),
      node('oil', 'Õlid', 'Oils'),
    ];
    const en = suggestCategories(tree, 'brake pads', 'en');
    expect(en.map((s) => [s.id, s.score])).toEqual([['pads', 50]]);
    expect(en[0]).toMatchObject({ name: 'Brake pads', url: '/en/pads', parents: ['Brakes'] });
    expect(suggestCategories(tree, 'brake', 'en').map((s) => s.id)).toEqual(['discs', 'pads', 'brakes']);
    expect(suggestCategories(tree, 'pidur', 'et').map((s) => s.id)).toEqual(['discs', 'pads', 'brakes']);
    expect(suggestCategories(tree, 'pidurid', 'et').map((s) => [s.id, s.score])).toEqual([['brakes', 40]]);
    expect(suggestCategories(tree, 'õli', 'et').map((s) => s.id)).toEqual(['oil']);
  });

  it('answers at most 10, and nothing for a query under 2 characters', () => {
    const many = Array.from({ length: 25 }, (_, i) => node(`c${i}`, `Filter ${i}`, `Filter ${i}`, [], i));
    const found = suggestCategories([node('root', 'Filtrid', 'Filters', many)], 'filter', 'en');
    expect(found).toHaveLength(MAX_CATEGORY_SUGGESTIONS);
    expect(found[0]!.id).toBe('c24');
    expect(suggestCategories([node('root', 'Filtrid', 'Filters', many)], 'filter', 'en', 50)).toHaveLength(10);
    expect(suggestCategories(many, 'f', 'en')).toEqual([]);
  });
});
