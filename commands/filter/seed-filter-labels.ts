/**
 * Estonian and English labels of the demo catalog's facets (every screen in both languages; the catalog's
 * technical criteria are recorded in English, as data/build-demo-catalog.ts derives them from the SLG list), sent
 * through SetFilterLabels on start. Idempotent: a command's id is derived from its content, so a second run appends
 * nothing, and a label a staff member changed later is not overwritten by the same seed.
 *
 * Facets without labels (e.g. the MANN-FILTER criteria) are shown as recorded.
 */
import { v5 as uuidv5 } from 'uuid';
import type { Localized } from '../../domain/shared/localized.js';
import type { EventStore } from '../../platform/event-store/port.js';
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

/** Sends SetFilterLabels for every seeded facet. @throws DomainError only if the seed data itself were invalid. */
export async function seedFilterLabels(store: EventStore, now: string): Promise<void> {
  for (const [name, seed] of Object.entries(SEED_FILTER_LABELS)) {
    const values = Object.fromEntries(Object.entries(seed.values).map(([value, et]) => [value, { et, en: value }]));
    const data = { name, label: seed.label, values };
    const ctx = { commandId: uuidv5(JSON.stringify(data), SEED_NAMESPACE), correlationId: uuidv5('seed-filters', SEED_NAMESPACE), userId: null, now };
    await setFilterLabels(store, data, ctx);
  }
}
