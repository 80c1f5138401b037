/**
 * The FilterList form: its values (facets in display order, labels, shown, value labels as a list: value
 * names may hold dots, which react-hook-form paths cannot), its zod schema (the contract's label schema), and the
 * PUT body of what changed.
 */
import { z } from 'zod';
import { type AdminFilter, filterLabelSchema, type UpdateFiltersBody } from '../../../../../api/contracts/admin-filters';

export const filterFormSchema = z.object({
  filters: z.array(
    z.object({
      name: z.string(),
      label: filterLabelSchema,
      shown: z.boolean(),
      /** Category ids where the facet hides when its count is 0 (spec 9). */
      hideWhenEmptyIn: z.array(z.string()),
      values: z.array(z.object({ value: z.string(), count: z.number(), label: filterLabelSchema })),
    }),
  ),
});
export type FilterFormValues = z.infer<typeof filterFormSchema>;
type FormValues = FilterFormValues;

/** The form's values of a loaded list. */
export const toForm = (filters: readonly AdminFilter[]): FormValues => ({
  filters: filters.map((f) => ({ name: f.name, label: { ...f.label }, shown: f.shown, hideWhenEmptyIn: [...f.hideWhenEmptyIn], values: f.values.map((v) => ({ value: v.value, count: v.count, label: { ...v.label } })) })),
});

/**
 * The facets whose labels, shown, position or 'hide when its count is 0' categories differ from `loaded`, as the PUT body (null: nothing changed). Once the
 * order differs from the loaded one, every facet is placed at its index (0..n-1); until then a facet keeps its
 * position (null stays null). Value labels without text in either language are left out (unlabelled).
 */
/** Value labels as comparable text, whatever the order of their keys (the api's come from jsonb). */
const canonical = (labels: Record<string, { et: string; en: string }>) =>
  JSON.stringify(Object.keys(labels).sort().map((k) => [k, labels[k]!.et, labels[k]!.en]));

export function changedFilters(loaded: readonly AdminFilter[], values: FormValues): UpdateFiltersBody | null {
  const orderChanged = values.filters.some((f, i) => loaded[i]?.name !== f.name);
  const byName = new Map(loaded.map((f) => [f.name, f]));
  const out: UpdateFiltersBody['filters'] = [];
  values.filters.forEach((f, i) => {
    const before = byName.get(f.name);
    const position = orderChanged ? i : (before?.position ?? null);
    const labels = Object.fromEntries(f.values.filter((v) => v.label.et.trim() || v.label.en.trim()).map((v) => [v.value, { et: v.label.et.trim(), en: v.label.en.trim() }]));
    const beforeLabels = Object.fromEntries((before?.values ?? []).filter((v) => v.label.et || v.label.en).map((v) => [v.value, v.label]));
    const label = { et: f.label.et.trim(), en: f.label.en.trim() };
    const hideWhenEmptyIn = [...new Set(f.hideWhenEmptyIn)].sort();
    const sameRule = JSON.stringify(hideWhenEmptyIn) === JSON.stringify([...(before?.hideWhenEmptyIn ?? [])].sort());
    const same =
      before &&
      before.label.et === label.et &&
      before.label.en === label.en &&
      before.shown === f.shown &&
      before.position === position &&
      canonical(labels) === canonical(beforeLabels) &&
      sameRule;
    // The version it was read at: a facet someone else saved meanwhile answers 409 instead of being overwritten.
    // The rule's categories are sent only when they changed (absent: unchanged).
    if (!same) out.push({ name: f.name, label, values: labels, shown: f.shown, position, ...(sameRule ? {} : { hideWhenEmptyIn }), ...(before ? { version: before.version } : {}) });
  });
  return out.length ? { filters: out } : null;
}
