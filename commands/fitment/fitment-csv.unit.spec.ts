/**
 * The fitment CSV (commands/fitment/fitment-csv.ts) and naming applications by slugs (fitment-input.ts): parsing
 * with line numbers, hostile input, resolving against a small reference, all-or-nothing planning, export round trip.
 */
import { describe, expect, it } from 'vitest';
import type { VehicleRow } from '../../projections/vehicles/queries.js';
import { fitmentCsv, fitmentCsvErrorText, parseFitmentCsv, planFitmentImport } from './fitment-csv.js';
import { ApplicationInputError, resolveApplication, VehicleReferenceIndex } from './fitment-input.js';

const row = (make: string, makeSlug: string, model: string, modelSlug: string, slug: string, code: string | null, from: string, to: string | null, label: string): VehicleRow => ({
  vehicleId: `${makeSlug}.${modelSlug}.${slug}`, make, makeSlug, model, modelSlug, slug, code, from, to, label,
});
const reference = VehicleReferenceIndex.of([
  row('Triumph', 'triumph', 'TR6', 'tr6', '1968-1976', null, '1968-01', '1976-12', 'Triumph TR6 (1968-1976)'),
  row('Mazda', 'mazda', 'MX-5', 'mx-5', 'na-1989-1998', 'NA', '1989-05', '1998-12', 'Mazda MX-5 NA (1989-1998)'),
  row('Mazda', 'mazda', 'MX-5', 'mx-5', 'nb-1998-2005', 'NB', '1998-01', '2005-10', 'Mazda MX-5 NB (1998-2005)'),
]);
const HEADER = 'part_number,make,model,generation,year_from,year_to,position,engine_code,note,mode';
const products = new Map([['BF10181', { id: 'p1' }], ['TR1', { id: 'p2' }]]);

describe('resolving an application named by slugs', () => {
  it('resolves make, model, generation (slug or unique code) and years with labels', () => {
    expect(resolveApplication({ make: 'Triumph' }, reference)).toEqual({ kind: 'make', make: 'triumph', label: 'Triumph' });
    expect(resolveApplication({ make: 'triumph', model: 'TR6' }, reference)).toEqual({ kind: 'model', make: 'triumph', model: 'tr6', label: 'Triumph TR6' });
    expect(resolveApplication({ make: 'mazda', model: 'mx-5', generation: 'NB', positions: ['rear', 'front'] }, reference)).toMatchObject({ kind: 'generation', generation: 'nb-1998-2005', from: '1998-01', to: '2005-10', label: 'Mazda MX-5 NB (1998-2005)', positions: ['front', 'rear'] });
    expect(resolveApplication({ make: 'triumph', model: 'tr6', fromYear: 1970, toYear: 1972, note: ' PI ' }, reference)).toEqual({ kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1970, toYear: 1972, label: 'Triumph TR6 (1970-1972)', note: 'PI' });
  });

  it('refuses what the reference does not hold, and ranges that make no sense', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as ApplicationInputError).code;
      }
      return 'none';
    };
    expect(code(() => resolveApplication({ make: 'lada' }, reference))).toBe('fitment.make_unknown');
    expect(code(() => resolveApplication({ make: 'triumph', model: 'tr9' }, reference))).toBe('fitment.model_unknown');
    expect(code(() => resolveApplication({ make: 'triumph', model: 'tr6', generation: 'mk-ii' }, reference))).toBe('fitment.generation_unknown');
    expect(code(() => resolveApplication({ make: 'triumph', model: 'tr6', fromYear: 1976, toYear: 1970 }, reference))).toBe('fitment.years_invalid');
    expect(code(() => resolveApplication({ make: 'triumph', generation: '1968-1976' }, reference))).toBe('fitment.model_required');
    expect(code(() => resolveApplication({ make: 'triumph', model: 'tr6', generation: '1968-1976', fromYear: 1970 }, reference))).toBe('fitment.generation_with_years');
  });

  it('tells whether an application covers any vehicle of the reference', () => {
    expect(reference.covers({ kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1960, toYear: 1968, label: 'x' })).toBe(true);
    expect(reference.covers({ kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1980, toYear: 1990, label: 'x' })).toBe(false);
    expect(reference.covers({ kind: 'model', make: 'lada', model: 'niva', label: 'x' })).toBe(false);
  });
});

describe('parsing and planning a fitment CSV', () => {
  it('parses lines with their numbers: quoted commas and newlines, positions, modes, a BOM', () => {
    const text = `\uFEFF${HEADER}\nBF 1018/1,triumph,tr6,,1970,1972,front | LEFT,,"a note, quoted\nover two lines",\n\nTR1,,,,,,,,,universal\n`;
    const { lines, errors } = parseFitmentCsv(text);
    expect(errors).toEqual([]);
    expect(lines).toEqual([
      { line: 2, partNumber: 'BF 1018/1', mode: 'applications', application: expect.objectContaining({ make: 'triumph', model: 'tr6', fromYear: 1970, toYear: 1972, positions: ['front', 'left'], note: 'a note, quoted\nover two lines' }) },
      { line: 5, partNumber: 'TR1', mode: 'universal', application: null },
    ]);
  });

  it('reports hostile input with the line number and never throws', () => {
    const inputs = [
      `${HEADER}\n"unclosed,triumph`,
      `${HEADER}\nA,triumph,tr6\n`,
      'make,model\ntriumph,tr6',
      '',
      `${HEADER}\n,triumph,,,,,,,,`,
      `${HEADER}\nA,triumph,tr6,,19x0,,,,,`,
      `${HEADER}\nA,triumph,tr6,,,,top,,,`,
      `${HEADER}\nA,,,,,,,,,sometimes`,
      `${HEADER}\nA,triumph,,,,,,,,universal`,
      `${HEADER}\nA,,,,,,,,,`,
      '\u0000\u0001\u0002',
    ];
    for (const text of inputs) {
      const { lines, errors } = parseFitmentCsv(text);
      expect(errors.length, text).toBeGreaterThan(0);
      expect(lines).toEqual([]);
    }
    expect(parseFitmentCsv(`${HEADER}\nA,triumph,tr6,,19x0,,,,,`).errors[0]).toMatchObject({ line: 2, code: 'fitment_csv.year_invalid' });
    expect(parseFitmentCsv('make,model\ntriumph,tr6').errors[0]).toMatchObject({ line: 1, code: 'fitment_csv.column_missing', detail: 'part_number' });
    expect(fitmentCsvErrorText({ line: 7, code: 'fitment.model_unknown', detail: 'Triumph TR9' }, 'et')).toBe('rida 7: sõidukite loendis pole sellist mudelit (Triumph TR9)');
    expect(fitmentCsvErrorText({ line: 7, code: 'fitment.model_unknown', detail: 'Triumph TR9' }, 'en')).toBe('line 7: the vehicle reference has no such model (Triumph TR9)');
  });

  it('plans nothing when any line is wrong (all or nothing), else one replacing change per product', () => {
    const bad = parseFitmentCsv(`${HEADER}\nBF 1018/1,triumph,tr6,,,,,,,\nBF10181,triumph,tr9,,,,,,,\nNOPE,triumph,,,,,,,,\nTR1,,,,,,,,,universal\nTR1,triumph,,,,,,,,`);
    expect(bad.errors).toEqual([]);
    const plan = planFitmentImport(bad.lines, reference, products, 'File');
    expect(plan.changes).toEqual([]);
    expect(plan.errors.map((e) => [e.line, e.code])).toEqual([[3, 'fitment.model_unknown'], [4, 'fitment_csv.product_unknown'], [6, 'fitment_csv.mode_mixed']]);
    const good = parseFitmentCsv(`${HEADER}\nBF 1018/1,triumph,tr6,,,,,,,\nbf10181,mazda,mx-5,NA,,,,,,\nTR1,,,,,,,,,not-vehicle-specific`);
    const ok = planFitmentImport(good.lines, reference, products, 'File');
    expect(ok.errors).toEqual([]);
    expect(ok.changes).toEqual([
      { productId: 'p1', partNumber: 'BF 1018/1', change: { add: [expect.objectContaining({ kind: 'model', model: 'tr6' }), expect.objectContaining({ kind: 'generation', generation: 'na-1989-1998' })], replace: true, reason: 'File' } },
      { productId: 'p2', partNumber: 'TR1', change: { mode: 'not-vehicle-specific', reason: 'File' } },
    ]);
  });

  it('exports what it imports (formula-guarded cells read back as written)', () => {
    const csv = fitmentCsv([
      { code1: 'BF 1018/1', fitment: { mode: 'applications', applications: [{ kind: 'years', make: 'triumph', model: 'tr6', fromYear: 1970, toYear: 1972, label: 'Triumph TR6 (1970-1972)', positions: ['front', 'left'], note: '-only with PI' }] } },
      { code1: 'TR1', fitment: { mode: 'universal', applications: [] } },
      { code1: 'X', fitment: null },
    ]);
    expect(csv.split('\r\n')[1]).toBe("BF 1018/1,triumph,tr6,,1970,1972,front | left,,'-only with PI,");
    const { lines, errors } = parseFitmentCsv(csv);
    expect(errors).toEqual([]);
    expect(lines.map((l) => [l.partNumber, l.mode, l.application?.note ?? null])).toEqual([['BF 1018/1', 'applications', '-only with PI'], ['TR1', 'universal', null]]);
  });
});
