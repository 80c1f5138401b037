/**
 * My garage (docs/architecture.md "Vehicle fitment", storefront): the shopper's vehicles, kept in the browser like the cart (no
 * account), one of them active. Persisted in local storage under 'garage' at once after each change, as
 * `{ vehicles: [{ id, label }], active }`: `id` is the vehicle's URL form (`v=`, `mg.mgb.1962-1980` or a model year
 * `triumph.tr6.1972`; api/contracts/vehicle-param.ts), `label` its name as the api gives it ('MG MGB (1962-1980)';
 * '' until an answer named it). At most GARAGE_LIMIT vehicles, the most recently added first; stored values that are
 * not well-formed are dropped on reading (local storage is input too).
 *
 * Shared state (read by the header, the listing, the product page and the add-to-cart question), so it lives in
 * lib/ (architecture "What features share"); the picker that changes it is the garage feature's lazy chunk. Also
 * holds whether that picker is open, so any page can open it (`garage.openPicker()`) without importing the feature.
 */
import { useSyncExternalStore } from 'react';
import { isVehicleParam } from '../../../../api/contracts/vehicle-param';
import { writeLater } from '../deferred-write';

export interface GarageVehicle {
  /** The vehicle's URL form (`v=`). */
  id: string;
  /** Its name, e.g. 'MG MGB (1962-1980)'; '' while unknown. */
  label: string;
}

export interface GarageState {
  /** Most recently added first. */
  vehicles: GarageVehicle[];
  /** The active vehicle's id (one of `vehicles`), or null: every part is listed. */
  active: string | null;
  /** The picker (features/garage) is open. Not stored. */
  pickerOpen: boolean;
}

export const GARAGE_KEY = 'garage';
/** How many vehicles the garage keeps; adding one more drops the oldest. */
export const GARAGE_LIMIT = 10;
const MAX_LABEL = 200;

const EMPTY: GarageState = { vehicles: [], active: null, pickerOpen: false };

/** Reads a stored garage leniently: anything malformed is left out (an unknown shape gives an empty garage). */
export function parseGarage(raw: string | null): GarageState {
  if (!raw) return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!parsed || typeof parsed !== 'object') return EMPTY;
  const { vehicles, active } = parsed as { vehicles?: unknown; active?: unknown };
  const kept: GarageVehicle[] = [];
  for (const v of Array.isArray(vehicles) ? vehicles : []) {
    const { id, label } = (v ?? {}) as { id?: unknown; label?: unknown };
    if (!isVehicleParam(id as string) || kept.some((k) => k.id === id)) continue;
    kept.push({ id: id as string, label: typeof label === 'string' ? label.slice(0, MAX_LABEL) : '' });
    if (kept.length === GARAGE_LIMIT) break;
  }
  return { vehicles: kept, active: typeof active === 'string' && kept.some((k) => k.id === active) ? active : null, pickerOpen: false };
}

let state: GarageState | null = null;
const listeners = new Set<() => void>();

function load(): GarageState {
  if (state) return state;
  try {
    state = typeof localStorage === 'undefined' ? EMPTY : parseGarage(localStorage.getItem(GARAGE_KEY));
  } catch {
    state = EMPTY; // storage blocked: a garage for this visit only
  }
  return state;
}

function set(next: GarageState, persist = true): void {
  state = next;
  if (persist) {
    const stored = JSON.stringify({ vehicles: next.vehicles, active: next.active });
    writeLater(GARAGE_KEY, () => localStorage.setItem(GARAGE_KEY, stored), 0);
  }
  for (const listener of listeners) listener();
}

/** The garage's actions; every one notifies the subscribed components. */
export const garage = {
  get: load,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Makes `id` active, adding it first when new (with `label`, or '' until known). A malformed id is ignored. */
  activate(id: string, label = ''): void {
    if (!isVehicleParam(id)) return;
    const s = load();
    const known = s.vehicles.find((v) => v.id === id);
    const vehicles = known
      ? s.vehicles.map((v) => (v.id === id && label && !v.label ? { ...v, label } : v))
      : [{ id, label: label.slice(0, MAX_LABEL) }, ...s.vehicles].slice(0, GARAGE_LIMIT);
    set({ ...s, vehicles, active: id });
  },
  /** No active vehicle: every part is listed. The garage keeps its vehicles. */
  deactivate(): void {
    const s = load();
    if (s.active !== null) set({ ...s, active: null });
  },
  /** Removes a vehicle; removing the active one leaves none active. */
  remove(id: string): void {
    const s = load();
    set({ ...s, vehicles: s.vehicles.filter((v) => v.id !== id), active: s.active === id ? null : s.active });
  },
  /** Records a vehicle's name from an api answer (the listing's `vehicle.label`) when it differs. */
  setLabel(id: string, label: string): void {
    const s = load();
    if (!label || !s.vehicles.some((v) => v.id === id && v.label !== label)) return;
    set({ ...s, vehicles: s.vehicles.map((v) => (v.id === id ? { ...v, label: label.slice(0, MAX_LABEL) } : v)) });
  },
  openPicker(): void {
    set({ ...load(), pickerOpen: true }, false);
  },
  closePicker(): void {
    if (load().pickerOpen) set({ ...load(), pickerOpen: false }, false);
  },
  /** Tests only: forget the loaded state (the next read loads local storage again). */
  reset(): void {
    state = null;
  },
};

/**
 * The garage in a component. The server render and hydration see an empty garage (the server cannot read local
 * storage), so the first HTML is the URL's page; the stored garage applies right after hydrating.
 */
export function useGarage(): GarageState {
  return useSyncExternalStore(garage.subscribe, load, () => EMPTY);
}

/** The name of vehicle `id` as the garage knows it, else its URL form. */
export function vehicleLabel(s: GarageState, id: string): string {
  return s.vehicles.find((v) => v.id === id)?.label || id;
}
