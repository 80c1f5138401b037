/**
 * Category pictograms: a product without an image shows the pictogram of its top-level category
 * instead of a blank tile, so a listing of brake parts looks like brake parts. The key is a stable slug of the
 * top-level category's English name (`Brakes` -> `brakes`, `Tools, universal` -> `tools-universal`), looked up in
 * {@link CATEGORY_PICTOGRAMS}; a category missing from that table (one staff add later) gets
 * {@link FALLBACK_PICTOGRAM}. Icon names are lucide's (https://lucide.dev/icons), drawn by
 * components/category-pictogram.tsx, which imports each icon on its own so the bundle holds only these.
 */
import type { CategoryNode, Language } from '../../../api/contracts/catalog';

/** The lucide icons the pictograms use, by their lucide name. */
export const PICTOGRAM_NAMES = [
  'air-vent',
  'armchair',
  'arrows-to-axis-dashed-horizontal',
  'battery-charging',
  'bolt',
  'calendar-cog',
  'car-front',
  'circle-dot-dashed',
  'circle-gauge',
  'cloud-rain',
  'cloudy',
  'cog',
  'disc-2',
  'disc-3',
  'drill',
  'droplet',
  'droplets',
  'engine',
  'fan',
  'flask-conical',
  'fuel',
  'funnel',
  'gauge',
  'hammer',
  'heater',
  'infinity',
  'life-buoy',
  'lightbulb',
  'megaphone',
  'mirror-round',
  'move-vertical',
  'package',
  'panel-top',
  'panel-top-open',
  'puzzle',
  'settings',
  'shapes',
  'shield-check',
  'ship-wheel',
  'snowflake',
  'spray-can',
  'toggle-right',
  'wind',
  'wrench',
  'zap',
] as const;
export type PictogramName = (typeof PICTOGRAM_NAMES)[number];

/** Shown for a category the table does not know, for a product without a category, and while nothing is known. */
export const FALLBACK_PICTOGRAM: PictogramName = 'package';

/**
 * Slug of a top-level category's English name -> its pictogram. Covers the demo catalog's top-level categories
 * (data/demo-catalog.csv) and the MANN-FILTER assembly groups (data/mann-filter-mapping.ts ASSEMBLY_GROUPS);
 * the unit test checks that each of them has an entry here.
 */
export const CATEGORY_PICTOGRAMS: Readonly<Record<string, PictogramName>> = {
  // Demo catalog
  'accessories-and-supplies': 'puzzle',
  'autochemistry-and-autocosmetics': 'spray-can',
  'automotive-glass': 'panel-top',
  'belts-and-rollers': 'infinity',
  body: 'car-front',
  brakes: 'disc-3',
  chemistry: 'flask-conical',
  clutch: 'disc-2',
  cooling: 'snowflake',
  'drive-unit': 'settings',
  electrics: 'zap',
  engine: 'engine',
  'exhaust-system': 'cloudy',
  fasteners: 'bolt',
  filters: 'funnel',
  'fuel-system': 'fuel',
  'gas-springs': 'move-vertical',
  heating: 'heater',
  'intake-system': 'wind',
  interior: 'armchair',
  mirrors: 'mirror-round',
  oils: 'droplet',
  optics: 'lightbulb',
  other: 'shapes',
  'security-elements': 'shield-check',
  'shock-absorbers-and-springs': 'arrows-to-axis-dashed-horizontal',
  'sound-signals': 'megaphone',
  'suspension-and-steering': 'ship-wheel',
  'suspension-and-steering-parts': 'ship-wheel',
  switches: 'toggle-right',
  tools: 'wrench',
  transmission: 'cog',
  'tuning-parts': 'gauge',
  'universal-bearings': 'circle-dot-dashed',
  wheels: 'life-buoy',
  'window-regulators': 'panel-top-open',
  wipers: 'cloud-rain',
  'workshop-equipment': 'drill',
  // MANN-FILTER assembly groups (those not above)
  'air-supply': 'air-vent',
  'automatic-transmission': 'cog',
  'compressed-air-system': 'circle-gauge',
  'crank-drive': 'engine',
  'electric-drive': 'battery-charging',
  'fuel-supply-system': 'fuel',
  'heating-and-ventilation': 'fan',
  'hydraulic-system': 'droplets',
  lubrication: 'droplet',
  'service-and-maintenance': 'calendar-cog',
  steering: 'ship-wheel',
  'tools-universal': 'wrench',
  // Fitting and other labour (class service)
  services: 'hammer',
};

/**
 * A stable key of a category name: lower case, accents dropped, every run of other characters one '-', none at
 * either end. `'Tools, universal'` -> `'tools-universal'`, `'Õlid'` -> `'olid'`.
 */
export function categorySlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What a product's tile shows: the slug of its top-level category ('' when unknown) and the icon. */
export interface Pictogram {
  category: string;
  icon: PictogramName;
}

/**
 * The pictogram of a top-level category by its English name (the Estonian one when it has no English name).
 * @param name the top-level category's name; null or '' for a product without a known category
 * @returns the table's icon, or {@link FALLBACK_PICTOGRAM} for a category the table does not know
 */
export function pictogramFor(name: string | null | undefined): Pictogram {
  const category = name ? categorySlug(name) : '';
  return { category, icon: (category && CATEGORY_PICTOGRAMS[category]) || FALLBACK_PICTOGRAM };
}

/** The name a top-level category's pictogram is keyed by: English, else Estonian. */
export const pictogramKeyName = (node: CategoryNode): string => node.name.en || node.name.et;

/**
 * The top-level category of a product: the root of the first of its categories found in the tree.
 * @param tree GET /v1/categories
 * @param categoryIds the product's category ids (Product.categories[].id)
 */
export function topCategoryOf(tree: readonly CategoryNode[], categoryIds: readonly string[]): CategoryNode | undefined {
  for (const id of categoryIds) {
    for (const root of tree) if (containsCategory(root, id)) return root;
  }
  return undefined;
}

function containsCategory(node: CategoryNode, id: string): boolean {
  return node.id === id || node.children.some((child) => containsCategory(child, id));
}

/**
 * The top-level category whose name in `lang` is `name` (a search result's first breadcrumb, spec 3 "Search
 * result", names only), falling back as the server does: the Estonian name, then the English one.
 */
export function topCategoryByName(tree: readonly CategoryNode[], name: string, lang: Language): CategoryNode | undefined {
  return tree.find((root) => (root.name[lang] || root.name.et || root.name.en) === name);
}
