/**
 * FilterList (spec 2 "Admin area" FilterList, spec 3 "Filter"), under /v1/admin:
 * - GET /filters (`products.view`): every facet the catalog's products carry and every facet with settings, with
 *   its labels per language, whether it shows, its place and its values' labels and product counts
 *   (projections/filters/queries.ts listFacetsForStaff).
 * - PUT /filters (`products.edit`, staff CSRF): new labels, shown, position and the categories where the facet hides
 *   when its count is 0 (spec 9) per facet sent, as the Filter aggregate's commands SetFilterLabels, SetFilterShown,
 *   SetFilterPosition and SetFilterHiddenWhenEmpty (only what changed; the events carry
 *   the staff member). Every facet is decided first without recording (the pure decider), so one invalid facet
 *   changes none: 400 with the problem's code (`filter.label_missing`, `filter.text_too_long`, ...) and field
 *   `filters.{i}.{field}`. Answers the saved facets folded from their streams.
 * The storefront follows at once: the filters read model's change hint clears the api's label cache, and a listing's
 * facet JSON is made again for new labels (api/routes/products labeledFacetsJson; hidden facets dropped, placed ones
 * first: api/plugins/filter-labels.ts shownFacets).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setFilterHiddenWhenEmpty } from '../../../commands/filter/set-filter-hidden-when-empty.js';
import { setFilterLabels } from '../../../commands/filter/set-filter-labels.js';
import { setFilterPosition } from '../../../commands/filter/set-filter-position.js';
import { setFilterShown } from '../../../commands/filter/set-filter-shown.js';
import { decideSequence } from '../../../commands/shared/command-handler.js';
import { loadAggregate } from '../../../commands/shared/load-aggregate.js';
import { categoryDecider, toCategoryStreamId } from '../../../domain/category/category.js';
import { defaultFilterSettings, type FilterCommand, filterDecider, type FilterSettings, filterStreamId } from '../../../domain/filter/filter.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { EventStore } from '../../../platform/event-store/port.js';
import { listFacetsForStaff } from '../../../projections/filters/queries.js';
import {
  type AdminFilter,
  adminFilterListSchema,
  type SavedFilter,
  savedFiltersSchema,
  updateFiltersBodySchema,
} from '../../contracts/admin-filters.js';
import { envelopeSchema, failureEnvelopeSchema } from '../../contracts/catalog.js';
import { langQuerySchema } from '../../contracts/common.js';
import type { RouteOptions } from '../../plugins/deps.js';
import { success } from '../../plugins/errors.js';
import { staffCsrf } from '../../plugins/staff-guard.js';

const failures = { 400: failureEnvelopeSchema, 401: failureEnvelopeSchema, 403: failureEnvelopeSchema };

/** A facet's settings and stream version, folded from `filter-{name}`. */
async function filterFromStream(store: EventStore, name: string): Promise<{ state: FilterSettings; version: number }> {
  const { state, version } = await loadAggregate(store, filterStreamId(name), filterDecider);
  return { state: state ?? defaultFilterSettings(name), version: Number(version) };
}

/** Whether `id` is a category of the shop (created, not deleted; hidden ones count). */
async function isLiveCategory(store: EventStore, id: string): Promise<boolean> {
  const { state } = await loadAggregate(store, toCategoryStreamId(id), categoryDecider);
  return state.status === 'active';
}

const saved = ({ state, version }: { state: FilterSettings; version: number }): SavedFilter => ({
  name: state.name,
  label: state.label,
  shown: state.shown,
  position: state.position,
  hideWhenEmptyIn: state.hideWhenEmptyIn,
  version,
  values: state.values,
});

export async function adminFilterRoutes(app: FastifyInstance, { deps }: RouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/filters',
    {
      schema: { summary: 'Facets with their labels, visibility on the storefront, order and values (FilterList)', tags: ['admin'], querystring: langQuerySchema, response: { 200: envelopeSchema(adminFilterListSchema), ...failures } },
      config: { permission: 'products.view' },
    },
    async () => {
      const rows = await listFacetsForStaff(deps.db);
      const filters = rows.map((row): AdminFilter => {
        const values = new Set([...Object.keys(row.counts), ...Object.keys(row.values)]);
        return {
          name: row.name,
          label: row.label,
          shown: row.shown,
          position: row.position,
          hideWhenEmptyIn: row.hideWhenEmptyIn,
          version: row.version,
          values: [...values]
            .map((value) => ({ value, label: row.values[value] ?? { et: '', en: '' }, count: row.counts[value] ?? 0 }))
            .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
        };
      });
      return success({ filters });
    },
  );

  r.put(
    '/filters',
    {
      schema: { summary: 'Change facets\' labels, whether they show and their order (FilterList)', tags: ['admin'], querystring: langQuerySchema, body: updateFiltersBodySchema, response: { 200: envelopeSchema(savedFiltersSchema), ...failures } },
      config: { permission: 'products.edit' },
      onRequest: staffCsrf(app),
    },
    async (request) => {
      const now = deps.now();
      const names = new Set<string>();
      // 1. Decide every facet on its current state (pure): nothing is recorded when one of them is invalid.
      const plans = await Promise.all(
        request.body.filters.map(async (f, i) => {
          const name = f.name.trim();
          const { state, version } = await filterFromStream(deps.store, name);
          // Another staff member saved this facet after the screen read it: refuse, never overwrite their change.
          if (f.version !== undefined && f.version !== version) {
            throw new DomainError('filter.changed_meanwhile', 'conflict', `The facet ${name} was changed after it was opened`, `filters.${i}.name`);
          }
          const values = Object.fromEntries(Object.entries(f.values).filter(([, label]) => label.et.trim() || label.en.trim()));
          const hasLabels = !!(f.label.et.trim() || f.label.en.trim() || Object.keys(values).length);
          const hadLabels = !!(state.label.et || state.label.en || Object.keys(state.values).length);
          const commands: FilterCommand[] = [];
          // No labels sent for a facet that never had any: nothing to record (it shows as the products carry it).
          if (hasLabels || hadLabels) commands.push({ type: 'SetFilterLabels', data: { name, label: f.label, values }, metadata: { now } });
          commands.push({ type: 'SetFilterShown', data: { name, shown: f.shown }, metadata: { now } });
          commands.push({ type: 'SetFilterPosition', data: { name, position: f.position }, metadata: { now } });
          if (f.hideWhenEmptyIn) {
            // Spec 9's rule names categories of the shop: an unknown or deleted one is refused (nothing recorded).
            const ids = [...new Set(f.hideWhenEmptyIn.map((id) => id.toLowerCase()))];
            for (const id of ids) {
              if (!(await isLiveCategory(deps.store, id))) {
                throw new DomainError('filter.category_invalid', 'validation', 'No such category', `filters.${i}.hideWhenEmptyIn.${f.hideWhenEmptyIn.findIndex((x) => x.toLowerCase() === id)}`);
              }
            }
            commands.push({ type: 'SetFilterHiddenWhenEmpty', data: { name, categoryIds: ids }, metadata: { now } });
          }
          // All facets are checked before any is recorded: the commands decided in sequence on the current state.
          try {
            decideSequence(filterDecider, commands)(state);
          } catch (error) {
            if (error instanceof DomainError) throw new DomainError(error.code, error.category, error.message, `filters.${i}.${error.field ?? 'name'}`, error.details);
            throw error;
          }
          return { name, commands, i };
        }),
      );
      for (const { name, i } of plans) {
        if (names.has(name)) throw new DomainError('filter.duplicate', 'validation', 'A facet is sent twice', `filters.${i}.name`);
        names.add(name);
      }
      // 2. Record them, each command with the staff member.
      for (const { commands } of plans) {
        for (const command of commands) {
          const ctx = request.commandContext(now);
          if (command.type === 'SetFilterLabels') await setFilterLabels(deps.store, command.data, ctx);
          else if (command.type === 'SetFilterShown') await setFilterShown(deps.store, command.data, ctx);
          else if (command.type === 'SetFilterHiddenWhenEmpty') await setFilterHiddenWhenEmpty(deps.store, command.data, ctx);
          else await setFilterPosition(deps.store, command.data, ctx);
        }
      }
      const filters = await Promise.all(plans.map(({ name }) => filterFromStream(deps.store, name)));
      return success({ filters: filters.map(saved) });
    },
  );
}
