import { describe, expect, it } from 'vitest';
import { buildVehicleTextIndex, MAX_TOKENS, modelFamily, vehicleNamedInText, vehicleTextTokens, type VehicleModelName } from './vehicle-in-text.js';

const slug = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const row = (make: string, model: string): VehicleModelName => ({ make, makeSlug: slug(make), model, modelSlug: slug(model) });

// A slice of the reference (the names as the vehicles read model holds them), several generations of one model too.
const REFERENCE = [
  row('MG', 'MGB'),
  row('MG', 'MGB'),
  row('MG', 'MGA'),
  row('MG', 'Midget'),
  row('Triumph', 'TR6'),
  row('Triumph', 'Spitfire'),
  row('Rover', 'Mini Mk I'),
  row('Rover', '75'),
  row('MINI', 'Cooper'),
  row('MINI', 'MINI'),
  row('MG', 'MG'),
  row('Mazda', 'MX-5'),
  row('Mazda', '3'),
  row('Honda', 'Integra'),
  row('Acura', 'Integra'),
  row('Renault', 'Master I'),
  row('Renault', 'Master II'),
  row('Land Rover', 'Range Rover'),
  row('Volkswagen', 'Golf II'),
  row('Volkswagen', 'Golf III'),
  row('Seat', 'Ibiza'),
  row('Citroën', 'Xsara Picasso'),
  row('Mercedes-Benz', 'Sprinter'),
];
const index = buildVehicleTextIndex(REFERENCE);
const named = (text: string) => vehicleNamedInText(index, text);

describe('vehicleNamedInText (the keyword statistics\' vehicle named by the search text)', () => {
  it('finds a model named alone, whatever its case', () => {
    expect(named('mgb pidurikettad')).toEqual({ key: 'mg.mgb', label: 'MG MGB' });
    expect(named('TR6 filter')).toEqual({ key: 'triumph.tr6', label: 'Triumph TR6' });
    expect(named('Õlifilter MGA-le')).toEqual({ key: 'mg.mga', label: 'MG MGA' });
  });

  it('finds a model named with its make, also when the make has it as a short or numeric name', () => {
    expect(named('triumph spitfire')).toEqual({ key: 'triumph.spitfire', label: 'Triumph Spitfire' });
    expect(named('mazda 3 esituled')).toEqual({ key: 'mazda.3', label: 'Mazda 3' });
    expect(named('Rover 75 brake pads')).toEqual({ key: 'rover.75', label: 'Rover 75' });
    expect(named('mg midget')).toEqual({ key: 'mg.midget', label: 'MG Midget' });
  });

  it('reads names split or joined differently (tokens written together)', () => {
    expect(named('tr 6 filter')).toEqual({ key: 'triumph.tr6', label: 'Triumph TR6' });
    expect(named('mx5 kapott')).toEqual({ key: 'mazda.mx-5', label: 'Mazda MX-5' });
    expect(named('MX-5 kapott')).toEqual({ key: 'mazda.mx-5', label: 'Mazda MX-5' });
    expect(named('range rover')).toEqual({ key: 'land-rover.range-rover', label: 'Land Rover Range Rover' });
  });

  it('is diacritic-insensitive both ways', () => {
    expect(named('citroen xsara picasso')).toEqual({ key: 'citroen.xsara-picasso', label: 'Citroën Xsara Picasso' });
    expect(named('CITROËN')).toEqual({ key: 'citroen', label: 'Citroën' });
    expect(named('ｍｇｂ')).toEqual({ key: 'mg.mgb', label: 'MG MGB' }); // full-width letters fold by NFKD
  });

  it('counts a make alone as the make, and a make\'s other name', () => {
    expect(named('triumph')).toEqual({ key: 'triumph', label: 'Triumph' });
    expect(named('mini')).toEqual({ key: 'mini', label: 'MINI' }); // not the make's model MINI from the same word
    expect(named('MG')).toEqual({ key: 'mg', label: 'MG' });
    expect(named('mini cooper')).toEqual({ key: 'mini.cooper', label: 'MINI Cooper' });
    expect(named('vw golf')).toEqual({ key: 'volkswagen.golf', label: 'Volkswagen Golf' });
    expect(named('mercedes sprinter')).toEqual({ key: 'mercedes-benz.sprinter', label: 'Mercedes-Benz Sprinter' });
  });

  it('answers a model family to the name without its Roman numeral', () => {
    expect(modelFamily('Golf II')).toBe('Golf');
    expect(modelFamily('Mini Mk I')).toBe('Mini');
    expect(modelFamily('Integra')).toBeNull();
    expect(modelFamily('Series II')).toBeNull();
    expect(modelFamily('Series MK II')).toBeNull();
    expect(modelFamily('Mk I')).toBeNull();
    expect(named('golf ii')).toEqual({ key: 'volkswagen.golf-ii', label: 'Volkswagen Golf II' });
    expect(named('golf rattalaager')).toEqual({ key: 'volkswagen.golf', label: 'Volkswagen Golf' });
    expect(named('rover mini mk i')).toEqual({ key: 'rover.mini-mk-i', label: 'Rover Mini Mk I' });
  });

  it('leaves out model names that are parts words, ambiguous ones and make words, unless the make is named', () => {
    expect(named('brake master cylinder')).toBeNull();
    expect(named('renault master')).toEqual({ key: 'renault.master', label: 'Renault Master' });
    expect(named('integra')).toBeNull(); // Honda's and Acura's
    expect(named('honda integra')).toEqual({ key: 'honda.integra', label: 'Honda Integra' });
    expect(named('seat cover')).toBeNull();
    expect(named('seat ibiza')).toEqual({ key: 'seat.ibiza', label: 'Seat Ibiza' });
    expect(named('3 pidurikettad')).toBeNull(); // a number alone names nothing
    expect(named('75')).toBeNull();
  });

  it('names nothing in a text without a vehicle, and never throws on odd input', () => {
    expect(named('pidurikettad')).toBeNull();
    expect(named('BF 1018/1')).toBeNull();
    expect(named('')).toBeNull();
    expect(named('   \t\n')).toBeNull();
    expect(named('\u0000\uFFFF\uD800 🚗🔧 ‮mgb‬')).toEqual({ key: 'mg.mgb', label: 'MG MGB' });
    expect(named('m\u0301g\u0301b\u0301')).toEqual({ key: 'mg.mgb', label: 'MG MGB' }); // combining marks dropped
    expect(named('<script>alert(1)</script>')).toBeNull();
    expect(named(undefined as unknown as string)).toBeNull();
  });

  it('reads only the start of a long text (its first characters and tokens)', () => {
    const long = `${'filter '.repeat(100_000)}mgb`;
    expect(named(long)).toBeNull(); // mgb is far past the first MAX_TOKENS tokens
    expect(vehicleTextTokens(long)).toHaveLength(MAX_TOKENS);
    expect(named(`mgb ${'x'.repeat(1_000_000)}`)).toEqual({ key: 'mg.mgb', label: 'MG MGB' });
  });

  it('builds the same answers from an empty reference: nothing', () => {
    expect(vehicleNamedInText(buildVehicleTextIndex([]), 'mgb')).toBeNull();
  });
});
