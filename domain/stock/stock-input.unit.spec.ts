import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { MAX_QUANTITY } from './stock.js';
import { parseStockInput } from './stock-input.js';

/** The DomainError `parseStockInput(input)` raises (fails the test when it raises none). */
function refusal(input: string): DomainError {
  try {
    parseStockInput(input);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error(`${JSON.stringify(input)} was accepted`);
}

describe('parseStockInput (spec 5 "Other rules": stock update input)', () => {
  it.each([
    ['+10', { kind: 'adjust', delta: 10 }],
    ['-10', { kind: 'adjust', delta: -10 }],
    ['10', { kind: 'count', quantity: 10 }],
    [' 7 ', { kind: 'count', quantity: 7 }],
    ['\t+ 3\n', { kind: 'adjust', delta: 3 }],
    ['- 4', { kind: 'adjust', delta: -4 }],
    ['\u22125', { kind: 'adjust', delta: -5 }],
    ['0', { kind: 'count', quantity: 0 }],
    ['+0', { kind: 'adjust', delta: 0 }],
    ['-0', { kind: 'adjust', delta: 0 }],
    ['007', { kind: 'count', quantity: 7 }],
    [String(MAX_QUANTITY), { kind: 'count', quantity: MAX_QUANTITY }],
    [`-${MAX_QUANTITY}`, { kind: 'adjust', delta: -MAX_QUANTITY }],
    [`00000${MAX_QUANTITY}`, { kind: 'count', quantity: MAX_QUANTITY }],
  ])('%j -> %o', (input, expected) => {
    expect(parseStockInput(input)).toEqual(expected);
  });

  it.each(['abc', '', '   ', '++1', '+-1', '+', '-', '10 pcs', '1e3', '0x10', '1 000', '½', '١٠', '10;drop table', 'x'.repeat(40)])(
    'refuses %j with stock.input_invalid on field input',
    (input) => {
      const e = refusal(input);
      expect([e.code, e.category, e.field]).toEqual(['stock.input_invalid', 'validation', 'input']);
    },
  );

  it.each(['1.5', '1,5', '+2.25', '-0,5', '10.'])('refuses the decimal %j with stock.input_not_whole', (input) => {
    const e = refusal(input);
    expect([e.code, e.category, e.field]).toEqual(['stock.input_not_whole', 'validation', 'input']);
  });

  it.each([String(MAX_QUANTITY + 1), '+99999999', '-123456789012345678901234567890', '9'.repeat(30)])('refuses the overflow %j with stock.input_too_large', (input) => {
    const e = refusal(input);
    expect([e.code, e.category, e.field]).toEqual(['stock.input_too_large', 'validation', 'input']);
  });

  it('refuses what is not a string', () => {
    expect(refusal(10 as unknown as string).code).toBe('stock.input_invalid');
  });
});
