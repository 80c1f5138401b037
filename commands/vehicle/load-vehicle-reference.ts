/**
 * Records the vehicle reference at set-up (`npm start`, the test harnesses): `buildVehicleReference` from the
 * shared data files (read in place from `<repo>/../shared/data/vehicles`, never copied; a missing file is skipped and
 * the classic cars still load) through `AddVehicles`, one command per make. Idempotent: a make's vehicles already
 * recorded decide nothing; and a marker event `VehicleReferenceLoaded` in stream `setup-vehicle-reference` holds a
 * hash of the inputs, so a start whose inputs did not change reads one stream and returns.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EventStore } from '../../platform/event-store/port.js';
import { toNewEvents } from '../shared/command-handler.js';
import { addVehicles } from './add-vehicles.js';
import { buildVehicleReference, CLASSIC_VEHICLES } from './vehicle-reference-data.js';

export const VEHICLE_REFERENCE_MARKER = 'setup-vehicle-reference';
export const EPARTS_FILE = 'eparts-make-model-generation.csv';
export const US_MODELS_FILE = 'us-car-models-1992-2026.csv';

export interface VehicleReferenceReport {
  /** False when the marker's hash matched: nothing was read or decided. */
  loaded: boolean;
  makes: number;
  /** VehicleAdded events appended now. */
  added: number;
  /** Which source files were found. */
  sources: string[];
}

const readIfPresent = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/**
 * @param vehiclesDir the folder holding the two CSV files (`<repo>/../shared/data/vehicles`)
 * @throws DomainError only if the data produced an invalid command (never for the shipped files)
 */
export async function loadVehicleReference(store: EventStore, vehiclesDir: string, options: { now?: string; concurrency?: number } = {}): Promise<VehicleReferenceReport> {
  const eparts = readIfPresent(path.join(vehiclesDir, EPARTS_FILE));
  const usModels = readIfPresent(path.join(vehiclesDir, US_MODELS_FILE));
  const sources = [eparts && EPARTS_FILE, usModels && US_MODELS_FILE].filter((s): s is string => !!s);
  const hash = createHash('sha256').update(JSON.stringify([1, eparts ?? '', usModels ?? '', CLASSIC_VEHICLES])).digest('hex');
  const marker = await store.readStream(VEHICLE_REFERENCE_MARKER, { direction: 'backward', maxCount: 1 });
  const last = marker.events[0]?.data as { hash?: string } | undefined;
  if (last?.hash === hash) return { loaded: false, makes: 0, added: 0, sources };

  const now = options.now ?? new Date().toISOString();
  const correlationId = randomUUID();
  const makes = buildVehicleReference(eparts, usModels);
  let added = 0;
  const queue = [...makes];
  const worker = async () => {
    for (let m = queue.shift(); m; m = queue.shift()) {
      const result = await addVehicles(store, { make: m.make, vehicles: m.vehicles }, { commandId: randomUUID(), correlationId, userId: null, now });
      added += result.events.length;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  const ctx = { commandId: randomUUID(), correlationId, userId: null, now };
  await store.appendToStream(VEHICLE_REFERENCE_MARKER, toNewEvents([{ type: 'VehicleReferenceLoaded', data: { hash, makes: makes.length, added, sources } }], VEHICLE_REFERENCE_MARKER, ctx), { expectedVersion: 'any' });
  return { loaded: true, makes: makes.length, added, sources };
}
