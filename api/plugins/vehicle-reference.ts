/**
 * The vehicle reference in the api's memory (docs/architecture.md "Vehicle fitment"): every vehicle of the vehicles read model
 * (~6,000 rows), read at most every 10 s (and again on the read model's change hint 'vehicles'), so resolving a
 * listing's `v=` costs no query. Decorated as `app.vehicles` (fastify-plugin, registered before the routes).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChosenVehicle } from '../../domain/fitment/fitment.js';
import type { SearchVehicle } from '../../domain/search/search.js';
import { buildVehicleTextIndex, type NamedVehicle, vehicleNamedInText, type VehicleTextIndex } from '../../domain/search/vehicle-in-text.js';
import { listAllVehicles, type VehicleRow } from '../../projections/vehicles/queries.js';
import type { ApiDeps } from './deps.js';
import { ApiError } from './errors.js';

/** A resolved `v=`: the vehicle the listing index takes, its id and display label. */
export interface ActiveVehicle {
  id: string;
  label: string;
  vehicle: ChosenVehicle;
  /** The vehicle's model: key `{make}.{model}` and label ('mg.mgb', 'MG MGB'), what the search statistics count it under. */
  model: NamedVehicle;
}

const TTL_MS = 10_000;

export class VehicleReferenceCache {
  private loaded: { at: number; byId: Map<string, VehicleRow>; models: Map<string, VehicleRow>; byMake: Map<string, Map<string, VehicleRow[]>> } | null = null;
  /** The search-text lookup (domain/search/vehicle-in-text.ts) and the model names it was built from. */
  private textIndex: { names: string; index: VehicleTextIndex } | null = null;
  private loading: Promise<void> | null = null;
  constructor(private readonly load: () => Promise<VehicleRow[]>, private readonly clock: () => number = Date.now) {}

  clear(): void {
    this.loaded = null;
  }

  private async current() {
    if (this.loaded && this.clock() - this.loaded.at < TTL_MS) return this.loaded;
    this.loading ??= this.load()
      .then((rows) => {
        const byId = new Map(rows.map((r) => [r.vehicleId, r]));
        const models = new Map<string, VehicleRow>();
        const byMake = new Map<string, Map<string, VehicleRow[]>>();
        for (const r of rows) {
          if (!models.has(`${r.makeSlug}.${r.modelSlug}`)) models.set(`${r.makeSlug}.${r.modelSlug}`, r);
          let ofMake = byMake.get(r.makeSlug);
          if (!ofMake) byMake.set(r.makeSlug, (ofMake = new Map()));
          const list = ofMake.get(r.modelSlug);
          if (list) list.push(r);
          else ofMake.set(r.modelSlug, [r]);
        }
        for (const ofMake of byMake.values()) for (const list of ofMake.values()) list.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.slug < b.slug ? -1 : 1));
        this.loaded = { at: this.clock(), byId, models, byMake };
        // The text lookup is built again only when the models' names changed, not on every re-read (10 s).
        const names = [...models.values()].map((r) => `${r.make}\u0000${r.model}`).join('\u0001');
        if (this.textIndex?.names !== names) this.textIndex = { names, index: buildVehicleTextIndex(models.values()) };
      })
      .finally(() => (this.loading = null));
    await this.loading;
    return this.loaded!;
  }

  /**
   * The models of a make (map model slug -> its generations, oldest first), or undefined for a make the reference
   * lacks. For the vehicle landing pages (api/routes/vehicles/landing.ts) and the sitemap.
   */
  async modelsOf(makeSlug: string): Promise<ReadonlyMap<string, readonly VehicleRow[]> | undefined> {
    return (await this.current()).byMake.get(makeSlug);
  }

  /** Every make of the reference: make slug -> model slug -> generations, oldest first. */
  async everyMake(): Promise<ReadonlyMap<string, ReadonlyMap<string, readonly VehicleRow[]>>> {
    return (await this.current()).byMake;
  }

  /**
   * Resolves a `v=` value (already matched against VEHICLE_PARAM_PATTERN): a generation id or `{make}.{model}.{year}`.
   * @throws ApiError vehicle.not_found (404, field v) for a vehicle or model the reference does not hold
   */
  async resolve(v: string): Promise<ActiveVehicle> {
    const ref = await this.current();
    const [make, model, third] = v.split('.') as [string, string, string];
    if (/^\d{4}$/.test(third)) {
      const year = Number(third);
      const any = ref.models.get(`${make}.${model}`);
      if (!any || year < 1885 || year > 2100) throw new ApiError('vehicle.not_found', 404, 'v');
      return { id: v, label: `${any.make} ${any.model} ${year}`, vehicle: { make, model, year }, model: { key: `${make}.${model}`, label: `${any.make} ${any.model}` } };
    }
    const row = ref.byId.get(v);
    if (!row) throw new ApiError('vehicle.not_found', 404, 'v');
    return { id: v, label: row.label, vehicle: { make, model, generation: row.slug, from: row.from, to: row.to }, model: { key: `${make}.${model}`, label: `${row.make} ${row.model}` } };
  }

  /**
   * The vehicle a search text names (domain/search/vehicle-in-text.ts: a model, or a make alone), or null. Costs no
   * query and no build: the lookup is made when the reference is read and its model names changed.
   */
  async namedInText(text: string): Promise<NamedVehicle | null> {
    await this.current();
    return this.textIndex ? vehicleNamedInText(this.textIndex.index, text) : null;
  }

  /**
   * The vehicle a search named, for its SearchPerformed (domain/search/search.ts SearchVehicle): the chosen one
   * (`v=`, resolved) when there is one, else the one its text `q` names, else undefined.
   */
  async searchVehicle(active: ActiveVehicle | null, q: string): Promise<SearchVehicle | undefined> {
    if (active) return { how: 'chosen', key: active.id, label: active.label, modelKey: active.model.key, modelLabel: active.model.label };
    const typed = q ? await this.namedInText(q) : null;
    return typed ? { how: 'typed', key: typed.key, label: typed.label, modelKey: typed.key, modelLabel: typed.label } : undefined;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The vehicle reference (api/plugins/vehicle-reference.ts). */
    vehicles: VehicleReferenceCache;
  }
}

async function vehicleReference(app: FastifyInstance, { deps }: { deps: ApiDeps }): Promise<void> {
  const cache = new VehicleReferenceCache(() => listAllVehicles(deps.db));
  const onChange = () => cache.clear();
  deps.readModelChanges?.on('vehicles', onChange);
  app.addHook('onClose', async () => {
    deps.readModelChanges?.off('vehicles', onChange);
  });
  app.decorate('vehicles', cache);
}

export const vehicleReferencePlugin = fp(vehicleReference, { name: 'vehicle-reference' });
