/** The checkout form's checks (spec 5 "Checkout") and its draft (spec 3 "Remembered user options"). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLocationFeed } from '../../../../../domain/delivery/feeds';
import { emptyDraft, parseDraft, trimDraft, type CheckoutDraft } from './draft';
import { filterLocations, firstInvalidField, type ProviderRule, validateCheckout } from './validate-checkout';

const parcel: ProviderRule = { id: 'omniva-parcel', inputType: 'select', big_product: false };
const courier: ProviderRule = { id: 'omniva-courier', inputType: 'Address', big_product: true };

function filled(over: (d: CheckoutDraft) => void = () => {}): CheckoutDraft {
  const d = emptyDraft();
  d.client = { ...d.client, first_name: 'Mari', last_name: 'Maasikas', email: 'mari@example.ee', phone: '+372 5555 5555' };
  d.order = { ...d.order, delivery_provider: 'omniva-parcel', delivery_option: '96243' };
  over(d);
  return d;
}

describe('validateCheckout', () => {
  it('accepts a complete private order with a parcel machine', () => {
    expect(validateCheckout(filled(), true, parcel, false)).toEqual({});
  });

  it('marks every missing field of an empty form Required', () => {
    const d = emptyDraft();
    d.delivery.country = '';
    expect(validateCheckout(d, false, null, false)).toEqual({
      'client.first_name': 'required',
      'client.last_name': 'required',
      'client.email': 'required',
      'client.phone': 'required',
      'delivery.country': 'required',
      'order.delivery_provider': 'required',
      'order.accept_terms': 'required',
    });
  });

  it('asks a business for its name and short contact address but not its VAT number', () => {
    const d = filled((x) => {
      x.client.client_type = 'business';
    });
    expect(validateCheckout(d, true, parcel, false)).toEqual({ 'client.business_name': 'required', 'order.short_contact_address': 'required' });
    d.client.business_name = 'Auto OÜ';
    d.order.short_contact_address = 'Pikk 1, Tallinn';
    expect(validateCheckout(d, true, parcel, false)).toEqual({});
  });

  it('needs a location for a parcel machine provider and the address for the courier', () => {
    expect(validateCheckout(filled((x) => (x.order.delivery_option = '   ')), true, parcel, false)).toEqual({ 'order.delivery_option': 'required' });
    const d = filled((x) => (x.order.delivery_provider = 'omniva-courier'));
    expect(validateCheckout(d, true, courier, false)).toEqual({
      'delivery.street': 'required',
      'delivery.state': 'required',
      'delivery.city': 'required',
      'delivery.area_code': 'required',
    });
  });

  it('refuses a provider without big products when the cart holds one', () => {
    expect(validateCheckout(filled(), true, parcel, true)).toEqual({ 'order.delivery_provider': 'tooBig' });
    const d = filled((x) => {
      x.order.delivery_provider = 'omniva-courier';
      Object.assign(x.delivery, { street: 'Pikk 1', city: 'Tallinn', state: 'Harjumaa', area_code: '10123' });
    });
    expect(validateCheckout(d, true, courier, true)).toEqual({});
  });

  it('asks for exactly one valid e-mail address (the domain rule)', () => {
    for (const email of ['not-an-email', 'a@b', 'mari@example.ee, jaan@example.ee', 'mari@example.ee\r\nBcc: x@example.ee']) {
      expect(validateCheckout(filled((x) => (x.client.email = email)), true, parcel, false)).toEqual({ 'client.email': 'emailInvalid' });
    }
  });

  it("uses the domain's delivery rules: a courier abroad needs its address, a provider of another country is refused", () => {
    const abroad = filled((x) => {
      x.delivery.country = 'LV';
      x.order.delivery_provider = 'omniva-courier';
    });
    expect(Object.keys(validateCheckout(abroad, true, courier, false)).sort()).toEqual(['delivery.area_code', 'delivery.city', 'delivery.state', 'delivery.street']);
    const finnish = filled((x) => (x.delivery.country = 'FI'));
    expect(validateCheckout(finnish, true, parcel, false)).toEqual({ 'order.delivery_provider': 'required' });
  });

  it('treats whitespace as empty, and trimming removes it', () => {
    const d = filled((x) => (x.client.first_name = '   '));
    expect(validateCheckout(d, true, parcel, false)).toEqual({ 'client.first_name': 'required' });
    expect(trimDraft(filled((x) => (x.client.email = '  mari@example.ee \n'))).client.email).toBe('mari@example.ee');
  });

  it('names the first failing field in form order', () => {
    expect(firstInvalidField({ 'order.accept_terms': 'required', 'client.phone': 'required' })).toBe('client.phone');
    expect(firstInvalidField({})).toBeNull();
  });
});

describe('checkout draft', () => {
  it('reads a stored draft, keeping vat_reg_nr under client, and never stores the terms flag', () => {
    const stored = JSON.stringify({ ...filled(), accept_terms: true });
    const d = parseDraft(stored);
    expect(d).toEqual(filled());
    expect('accept_terms' in d).toBe(false);
  });

  it('reads a top-level vat_reg_nr of an older draft and survives garbage', () => {
    expect(parseDraft(JSON.stringify({ vat_reg_nr: 'FI12345678' })).client.vat_reg_nr).toBe('FI12345678');
    expect(parseDraft('{not json')).toEqual(emptyDraft());
    expect(parseDraft(null).delivery.country).toBe('EE');
  });
});

describe('filterLocations', () => {
  const options = [
    { id: '1', name: 'Pärnu Kaubamajakas pakiautomaat', city: 'Pärnu', address: 'Papiniidu 8' },
    { id: '2', name: 'Tallinn Ülemiste pakiautomaat', city: 'Tallinn', address: 'Suur-Sõjamäe 4' },
  ];
  it('matches every word in name, city or address, ignoring case and diacritics', () => {
    expect(filterLocations(options, 'parnu').map((o) => o.id)).toEqual(['1']);
    expect(filterLocations(options, 'ULEMISTE sojamae').map((o) => o.id)).toEqual(['2']);
    expect(filterLocations(options, '  ').map((o) => o.id)).toEqual(['1', '2']);
    expect(filterLocations(options, 'Tartu')).toEqual([]);
  });
});

describe('filterLocations ranking on the shipped Omniva snapshot (data/delivery), as the API sorts it', () => {
  const snapshot = path.resolve(__dirname, '../../../../../data/delivery/omniva-locations-2024-11.json');
  const collator = new Intl.Collator('et', { sensitivity: 'base', numeric: true });
  const machines = parseLocationFeed('omniva-parcel', JSON.parse(readFileSync(snapshot, 'utf8')))
    .locations.filter((l) => l.country === 'EE')
    .sort((a, b) => collator.compare(a.name, b.name));

  it("'Tartu': the machines named Tartu first, then those in a Tartu municipality, the Tartu mnt streets (Iisaku, Jõhvi) last", () => {
    const found = filterLocations(machines, 'Tartu');
    const iisaku = found.findIndex((o) => o.name.startsWith('Iisaku'));
    const johvi = found.findIndex((o) => o.name.startsWith('Jõhvi'));
    expect(iisaku).toBeGreaterThan(-1);
    expect(johvi).toBeGreaterThan(-1);
    // Every match by name or city comes before every match by street alone.
    const byStreetOnly = (o: (typeof found)[number]) => !/tartu/i.test(`${o.name} ${o.city}`);
    const firstStreet = found.findIndex(byStreetOnly);
    expect(found.slice(firstStreet).every(byStreetOnly)).toBe(true);
    expect(firstStreet).toBeGreaterThan(20);
    expect(found[0]!.name).toMatch(/^Tartu /);
    expect(Math.min(iisaku, johvi)).toBeGreaterThanOrEqual(firstStreet);
    // The name matches keep the API's alphabetical order.
    const named = found.filter((o) => /tartu/i.test(o.name)).map((o) => o.name);
    expect(named).toEqual([...named].sort(collator.compare));
  });

  it('keeps every match: ranking reorders, never drops', () => {
    expect(new Set(filterLocations(machines, 'tartu mnt').map((o) => o.id))).toEqual(
      new Set(machines.filter((o) => ['tartu', 'mnt'].every((w) => `${o.name} ${o.city} ${o.address}`.toLowerCase().includes(w))).map((o) => o.id)),
    );
  });
});
