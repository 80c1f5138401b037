/**
 * The vehicle landing pages' data (docs/architecture.md "Vehicle fitment", landing pages; spec 9 URLs): what
 * `/{lang}/vehicles/{make}[/{model}[/{generation}]]` shows, answered from the vehicle reference in memory
 * (`app.vehicles`) and the listing index (`vehicleParts`, `vehiclePartCounts`: bitsets, no per-product fitment):
 * - `vehiclePartsAnswer`: a model or a generation page: the parts made for it per category, the first few by name;
 * - `vehicleMakeAnswer`: a make page: its models with their counts;
 * - `vehicleSitemapPaths`: every make, model and generation page with at least one listed part made for it.
 * Shared by the routes (./index.ts), the server render's in-process reads (api/ssr/in-process-reads.ts) and the
 * sitemap (api/routes/site). Universal parts are not counted: every vehicle's page would list them all alike.
 */
import type { FastifyInstance } from 'fastify';
import type { CategoryNode, Language } from '../../contracts/catalog.js';
import type { VehicleMakePartsResponse, VehiclePageParams, VehiclePartsResponse } from '../../contracts/vehicles.js';
import type { VehiclePageScope } from '../../../projections/catalog/listing-index.js';
import type { VehicleRow } from '../../../projections/vehicles/queries.js';
import type { ApiDeps } from '../../plugins/deps.js';
import { ApiError } from '../../plugins/errors.js';

/** Parts shown per category on a landing page. */
export const LANDING_PARTS_PER_CATEGORY = 4;

const yearOf = (month: string) => Number(month.slice(0, 4));

/** The visible category tree by id. */
function nodesById(tree: CategoryNode[]): Map<string, CategoryNode> {
  const out = new Map<string, CategoryNode>();
  const walk = (nodes: CategoryNode[]) => {
    for (const n of nodes) {
      out.set(n.id, n);
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/**
 * A model or generation page's data in `language`.
 * @throws ApiError vehicle.not_found (404) for a make, model or generation the reference lacks
 */
export async function vehiclePartsAnswer(deps: ApiDeps, app: FastifyInstance, params: VehiclePageParams, language: Language): Promise<VehiclePartsResponse> {
  const models = await app.vehicles.modelsOf(params.make);
  const generations = models?.get(params.model);
  if (!generations?.length) throw new ApiError('vehicle.not_found', 404, models ? 'model' : 'make');
  const generation = params.generation === undefined ? null : generations.find((g) => g.slug === params.generation);
  if (generation === undefined) throw new ApiError('vehicle.not_found', 404, 'generation');
  const first = generations[0]!;
  const scopeOf = (g: VehicleRow): VehiclePageScope => ({ kind: 'vehicle', vehicle: { make: g.makeSlug, model: g.modelSlug, generation: g.slug, from: g.from, to: g.to } });
  const scope: VehiclePageScope = generation ? scopeOf(generation) : { kind: 'model', make: params.make, model: params.model };
  const nowMs = Date.parse(deps.now());
  const [index, snapshot] = await Promise.all([app.listingIndex.current(), app.categories.get(deps.now())]);
  const parts = index.vehicleParts(scope, nowMs, LANDING_PARTS_PER_CATEGORY, language);
  const counts = index.vehiclePartCounts(generations.map(scopeOf), nowMs);
  const nodes = nodesById(snapshot.tree);
  const shown = generation ? [generation] : generations;
  const open = shown.some((g) => g.to === null);
  return {
    make: { slug: first.makeSlug, name: first.make },
    model: { slug: first.modelSlug, name: first.model },
    generation: generation ? { id: generation.vehicleId, slug: generation.slug, label: generation.label, code: generation.code } : null,
    years: { from: Math.min(...shown.map((g) => yearOf(g.from))), to: open ? null : Math.max(...shown.map((g) => yearOf(g.to!))) },
    v: generation ? generation.vehicleId : generations.length === 1 ? first.vehicleId : null,
    total: parts.total,
    categories: parts.groups.flatMap((g) => {
      const node = nodes.get(g.categoryId);
      return node ? [{ id: node.id, name: node.name[language] || node.name.et, url: node.url[language], count: g.count, products: g.products }] : [];
    }),
    generations: generations.map((g, i) => ({ id: g.vehicleId, slug: g.slug, label: g.label, count: counts[i]! })),
  };
}

/**
 * A make page's data: every model of the make with its production years and the listed parts made for it.
 * @throws ApiError vehicle.not_found (404) for a make the reference lacks
 */
export async function vehicleMakeAnswer(deps: ApiDeps, app: FastifyInstance, make: string): Promise<VehicleMakePartsResponse> {
  const models = await app.vehicles.modelsOf(make);
  if (!models?.size) throw new ApiError('vehicle.not_found', 404, 'make');
  const list = [...models.values()];
  const index = await app.listingIndex.current();
  const counts = index.vehiclePartCounts(list.map((g) => ({ kind: 'model', make, model: g[0]!.modelSlug })), Date.parse(deps.now()));
  const first = list[0]![0]!;
  return {
    make: { slug: make, name: first.make },
    models: list
      .map((g, i) => ({
        slug: g[0]!.modelSlug,
        name: g[0]!.model,
        fromYear: Math.min(...g.map((r) => yearOf(r.from))),
        toYear: g.some((r) => r.to === null) ? null : Math.max(...g.map((r) => yearOf(r.to!))),
        count: counts[i]!,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
  };
}

/**
 * The landing pages the sitemap lists (paths without the language prefix, `/vehicles/mg`, `/vehicles/mg/mgb`,
 * `/vehicles/mg/mgb/1962-1980`): every model and generation with at least one listed part made for it, and the
 * makes of those models. Makes and models no application names cost no bitset walk.
 */
export async function vehicleSitemapPaths(deps: ApiDeps, app: FastifyInstance): Promise<string[]> {
  const [makes, index] = await Promise.all([app.vehicles.everyMake(), app.listingIndex.current()]);
  const nowMs = Date.parse(deps.now());
  const paths: string[] = [];
  for (const [make, models] of [...makes].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const modelList = [...models].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const modelCounts = index.vehiclePartCounts(modelList.map(([model]) => ({ kind: 'model', make, model })), nowMs);
    const ofMake: string[] = [];
    modelList.forEach(([model, generations], i) => {
      if (!modelCounts[i]) return;
      ofMake.push(`/vehicles/${make}/${model}`);
      const counts = index.vehiclePartCounts(generations.map((g) => ({ kind: 'vehicle', vehicle: { make, model, generation: g.slug, from: g.from, to: g.to } })), nowMs);
      generations.forEach((g, j) => counts[j] && ofMake.push(`/vehicles/${make}/${model}/${g.slug}`));
    });
    if (ofMake.length) paths.push(`/vehicles/${make}`, ...ofMake);
  }
  return paths;
}
