/**
 * The registry of analyses (docs/architecture.md "Analyses: the replay tool"): every analysis `npm run analytics:replay -- <name>` and
 * `npm run analytics:list` know. Two kinds, one mechanism (projections/read-model.ts):
 * - analyses built from a pure mapping (analytics/<name>/mapping.ts through analytics/analysis.ts): search-conversion,
 *   order-funnel, sell-through; they replay a window (`--from`/`--to`) and are projected live by the projector role
 *   (`ANALYSIS_READ_MODELS`, started beside the read models in bin/runtime.ts);
 * - the keyword statistics and the problem dashboard, read models that already existed
 *   (projections/search-stats, projections/problematic-products): they share the mechanism as they are (the same
 *   blue/green replay, checkpoint, resume and content hash), replay the whole history only, and keep running as read
 *   models.
 */
import { problematicProductsReadModel } from '../projections/problematic-products/writer.js';
import type { ReadModel } from '../projections/read-model.js';
import { searchStatsReadModel } from '../projections/search-stats/writer.js';
import { analysisReadModel } from './analysis.js';
import { orderFunnelAnalysis } from './order-funnel/mapping.js';
import { searchConversionAnalysis } from './search-conversion/mapping.js';
import { sellThroughAnalysis } from './sell-through/mapping.js';

export interface RegisteredAnalysis {
  /** The name on the command line. */
  name: string;
  description: string;
  readModel: ReadModel;
  /** Whether it replays a window (`--from`/`--to`); the shared read models replay the whole history. */
  windowed: boolean;
}

export const searchConversionReadModel = analysisReadModel(searchConversionAnalysis);
export const orderFunnelReadModel = analysisReadModel(orderFunnelAnalysis);
export const sellThroughReadModel = analysisReadModel(sellThroughAnalysis);

export const ANALYSES: readonly RegisteredAnalysis[] = [
  { name: searchConversionAnalysis.name, description: searchConversionAnalysis.description, readModel: searchConversionReadModel, windowed: true },
  { name: orderFunnelAnalysis.name, description: orderFunnelAnalysis.description, readModel: orderFunnelReadModel, windowed: true },
  { name: sellThroughAnalysis.name, description: sellThroughAnalysis.description, readModel: sellThroughReadModel, windowed: true },
  {
    name: 'search-keywords',
    description: 'Searches per Tallinn day and keyword, typed, zero-result, last result count, and per vehicle model the searches named, chosen or typed (SearchPerformed; the search_stats read model).',
    readModel: searchStatsReadModel,
    windowed: false,
  },
  {
    name: 'problematic-products',
    description: 'The problem dashboard: problematic, stale, outdated, popular, low-stock and uncategorised products (product, stock and order events; the problematic_products read model).',
    readModel: problematicProductsReadModel,
    windowed: false,
  },
];

/** The analyses' read models the projector role runs beside projections/read-models.ts READ_MODELS. */
export const ANALYSIS_READ_MODELS: readonly ReadModel[] = ANALYSES.filter((a) => a.windowed).map((a) => a.readModel);

/** @throws Error naming the known analyses when `name` is unknown. */
export function analysisByName(name: string): RegisteredAnalysis {
  const found = ANALYSES.find((a) => a.name === name);
  if (!found) throw new Error(`Unknown analysis "${name}"; known: ${ANALYSES.map((a) => a.name).join(', ')}`);
  return found;
}
