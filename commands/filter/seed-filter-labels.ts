/**
 * Estonian and English labels of the demo catalog's facets (every screen in both languages; the catalog's
 * technical criteria are recorded in English, as data/build-demo-catalog.ts derives them from the SLG list), sent
 * through SetFilterLabels on start. Idempotent: a command's id is derived from its content, so a second run appends
 * nothing, and a label a staff member changed later is not overwritten by the same seed.
 *
 * Facets without labels (e.g. the MANN-FILTER criteria) are shown as recorded.
 *
 * Spec 9's rule "Category id 237 has a model filter hidden when its count is 0": the demo catalog has no facet named
 * Model (the vehicle models are fitment data, section "Vehicle fitment"); its model filter is Marque (the car make
 * a part is for). It is set to hide when its count is 0 in Body > Universal (parts for any car, which carry no
 * Marque), through SetFilterHiddenWhenEmpty, once: the command id is derived from the content, so a later run records
 * nothing, and staff's own change stays.
 */
import { v5 as uuidv5 } from 'uuid';
import type { Localized } from '../../domain/shared/localized.js';
import type { EventStore } from '../../platform/event-store/port.js';
import { categoryIdForPath } from '../catalog/catalog-csv.js';
import { setFilterHiddenWhenEmpty } from './set-filter-hidden-when-empty.js';
import { setFilterLabels } from './set-filter-labels.js';

const SEED_NAMESPACE = '5d0c3f7e-8a4b-4f0e-b1c6-2e9d7a3f4b10';

type Seed = { label: Localized; values: Record<string, string> };

/** Facet name -> its label, and its values' Estonian labels (the English label of a value is the value itself). */
export const SEED_FILTER_LABELS: Record<string, Seed> = {
  Kit: { label: { et: 'Komplekt', en: 'Kit' }, values: { No: 'Ei', Yes: 'Jah' } },
  Marque: { label: { et: 'Automark', en: 'Marque' }, values: {} },
  Position: { label: { et: 'Asukoht', en: 'Position' }, values: { Front: 'Eesmine', Rear: 'Tagumine', 'Front and rear': 'Eesmine ja tagumine' } },
  Side: { label: { et: 'Pool', en: 'Side' }, values: { Left: 'Vasak', Right: 'Parem', 'Left and right': 'Vasak ja parem' } },
  Material: {
    label: { et: 'Materjal', en: 'Material' },
    values: {
      Aluminium: 'Alumiinium',
      Brass: 'Messing',
      Bronze: 'Pronks',
      Carpet: 'Vaip',
      'Cast iron': 'Malm',
      'Chrome-plated': 'Kroomitud',
      Copper: 'Vask',
      Cork: 'Kork',
      Felt: 'Vilt',
      Fibreglass: 'Klaaskiud',
      Leather: 'Nahk',
      Mohair: 'Mohäär',
      Nylon: 'Nailon',
      Plastic: 'Plast',
      Polyurethane: 'Polüuretaan',
      PVC: 'PVC',
      Rubber: 'Kumm',
      Silicone: 'Silikoon',
      'Stainless steel': 'Roostevaba teras',
      Steel: 'Teras',
      Vinyl: 'Vinüül',
      Walnut: 'Pähklipuu',
      Wood: 'Puit',
    },
  },
  Colour: {
    label: { et: 'Värv', en: 'Colour' },
    values: {
      Amber: 'Merevaigukollane',
      Beige: 'Beež',
      Biscuit: 'Helebeež',
      Black: 'Must',
      Blue: 'Sinine',
      Brown: 'Pruun',
      Clear: 'Läbipaistev',
      'Dark blue': 'Tumesinine',
      Gold: 'Kuldne',
      Green: 'Roheline',
      Grey: 'Hall',
      Red: 'Punane',
      Silver: 'Hõbedane',
      Tan: 'Helepruun',
      White: 'Valge',
      Yellow: 'Kollane',
    },
  },
  Condition: {
    label: { et: 'Seisukord', en: 'Condition' },
    values: { Exchange: 'Vahetusosa', 'Exchange surcharge': 'Vahetusosa tagatisraha', Reconditioned: 'Taastatud', Used: 'Kasutatud' },
  },
  Steering: { label: { et: 'Rool', en: 'Steering' }, values: { 'Left-hand drive': 'Vasakpoolne rool', 'Right-hand drive': 'Parempoolne rool' } },
};

/** Facet name -> the English category paths in which it hides when its count is 0 (spec 9). */
export const SEED_HIDE_WHEN_EMPTY: Record<string, string[][]> = {
  Marque: [['Body', 'Universal']],
};

/** Sends SetFilterLabels for every seeded facet, then SetFilterHiddenWhenEmpty for SEED_HIDE_WHEN_EMPTY. @throws DomainError only if the seed data itself were invalid. */
export async function seedFilterLabels(store: EventStore, now: string): Promise<void> {
  for (const [name, seed] of Object.entries(SEED_FILTER_LABELS)) {
    const values = Object.fromEntries(Object.entries(seed.values).map(([value, et]) => [value, { et, en: value }]));
    const data = { name, label: seed.label, values };
    const ctx = { commandId: uuidv5(JSON.stringify(data), SEED_NAMESPACE), correlationId: uuidv5('seed-filters', SEED_NAMESPACE), userId: null, now };
    await setFilterLabels(store, data, ctx);
  }
  for (const [name, paths] of Object.entries(SEED_HIDE_WHEN_EMPTY)) {
    const data = { name, categoryIds: paths.map((p) => categoryIdForPath(p)) };
    const ctx = { commandId: uuidv5(`hide-when-empty:${JSON.stringify(data)}`, SEED_NAMESPACE), correlationId: uuidv5('seed-filters', SEED_NAMESPACE), userId: null, now };
    await setFilterHiddenWhenEmpty(store, data, ctx);
  }
}
