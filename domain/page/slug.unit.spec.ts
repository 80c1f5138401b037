/** The URL slug rule (spec 5 "Other rules"). */
import { describe, expect, it } from 'vitest';
import { slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Terms of sale', 'terms-of-sale'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Hyphens -- collapse -', 'hyphens-collapse'],
    ['Non-word: chars! stripped? (yes)', 'non-word-chars-stripped-yes'],
    ['Müügitingimused', 'muugitingimused'],
    ['Õli ja šassii', 'oli-ja-sassii'],
    ['BMW E46 / 2005', 'bmw-e46-2005'],
    ['snake_case stays', 'snake_case-stays'],
    ['tab\tand\nnewline', 'tab-and-newline'],
    ['---', ''],
    ['', ''],
  ])('%j -> %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('is idempotent: a slug stays as it is', () => {
    for (const s of ['terms-of-sale', 'muugi-tingimused-2026', 'a_b']) expect(slugify(s)).toBe(s);
  });
});
