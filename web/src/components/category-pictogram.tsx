/**
 * The pictogram of a product's top-level category, drawn where the product has no image (listing
 * cards, product page, search results, cart lines): the lucide icon lib/category-pictograms.ts maps the category to,
 * in currentColor (so it follows the theme's text colours), decorative (aria-hidden: the card or line names the
 * product in text). The svg carries `data-pictogram` (the lucide icon name) and `data-category` (the slug of the
 * top-level category, '' when unknown). Each icon is imported on its own (lucide-react/icons/<name>), so the bundle
 * holds only these and no other of lucide's icons.
 */
import type { LucideIcon } from 'lucide-react';
import AirVent from 'lucide-react/icons/air-vent';
import Armchair from 'lucide-react/icons/armchair';
import ArrowsToAxisDashedHorizontal from 'lucide-react/icons/arrows-to-axis-dashed-horizontal';
import BatteryCharging from 'lucide-react/icons/battery-charging';
import Bolt from 'lucide-react/icons/bolt';
import CalendarCog from 'lucide-react/icons/calendar-cog';
import CarFront from 'lucide-react/icons/car-front';
import CircleDotDashed from 'lucide-react/icons/circle-dot-dashed';
import CircleGauge from 'lucide-react/icons/circle-gauge';
import CloudRain from 'lucide-react/icons/cloud-rain';
import Cloudy from 'lucide-react/icons/cloudy';
import Cog from 'lucide-react/icons/cog';
import Disc2 from 'lucide-react/icons/disc-2';
import Disc3 from 'lucide-react/icons/disc-3';
import Drill from 'lucide-react/icons/drill';
import Droplet from 'lucide-react/icons/droplet';
import Droplets from 'lucide-react/icons/droplets';
import Engine from 'lucide-react/icons/engine';
import Fan from 'lucide-react/icons/fan';
import FlaskConical from 'lucide-react/icons/flask-conical';
import Fuel from 'lucide-react/icons/fuel';
import Funnel from 'lucide-react/icons/funnel';
import Gauge from 'lucide-react/icons/gauge';
import Hammer from 'lucide-react/icons/hammer';
import Heater from 'lucide-react/icons/heater';
import InfinityIcon from 'lucide-react/icons/infinity';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Megaphone from 'lucide-react/icons/megaphone';
import MirrorRound from 'lucide-react/icons/mirror-round';
import MoveVertical from 'lucide-react/icons/move-vertical';
import Package from 'lucide-react/icons/package';
import PanelTop from 'lucide-react/icons/panel-top';
import PanelTopOpen from 'lucide-react/icons/panel-top-open';
import Puzzle from 'lucide-react/icons/puzzle';
import Settings from 'lucide-react/icons/settings';
import Shapes from 'lucide-react/icons/shapes';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShipWheel from 'lucide-react/icons/ship-wheel';
import Snowflake from 'lucide-react/icons/snowflake';
import SprayCan from 'lucide-react/icons/spray-can';
import ToggleRight from 'lucide-react/icons/toggle-right';
import Wind from 'lucide-react/icons/wind';
import Wrench from 'lucide-react/icons/wrench';
import Zap from 'lucide-react/icons/zap';
import { useCategories } from '../lib/categories';
import { pictogramFor, pictogramKeyName, topCategoryByName, topCategoryOf, type PictogramName } from '../lib/category-pictograms';
import { useRouteLanguage } from '../lib/language';

/** lucide icon name -> component: one entry per name of PICTOGRAM_NAMES (the type checks that none is missing). */
export const PICTOGRAM_ICONS: Record<PictogramName, LucideIcon> = {
  'air-vent': AirVent,
  armchair: Armchair,
  'arrows-to-axis-dashed-horizontal': ArrowsToAxisDashedHorizontal,
  'battery-charging': BatteryCharging,
  bolt: Bolt,
  'calendar-cog': CalendarCog,
  'car-front': CarFront,
  'circle-dot-dashed': CircleDotDashed,
  'circle-gauge': CircleGauge,
  'cloud-rain': CloudRain,
  cloudy: Cloudy,
  cog: Cog,
  'disc-2': Disc2,
  'disc-3': Disc3,
  drill: Drill,
  droplet: Droplet,
  droplets: Droplets,
  engine: Engine,
  fan: Fan,
  'flask-conical': FlaskConical,
  fuel: Fuel,
  funnel: Funnel,
  gauge: Gauge,
  hammer: Hammer,
  heater: Heater,
  infinity: InfinityIcon,
  'life-buoy': LifeBuoy,
  lightbulb: Lightbulb,
  megaphone: Megaphone,
  'mirror-round': MirrorRound,
  'move-vertical': MoveVertical,
  package: Package,
  'panel-top': PanelTop,
  'panel-top-open': PanelTopOpen,
  puzzle: Puzzle,
  settings: Settings,
  shapes: Shapes,
  'shield-check': ShieldCheck,
  'ship-wheel': ShipWheel,
  snowflake: Snowflake,
  'spray-can': SprayCan,
  'toggle-right': ToggleRight,
  wind: Wind,
  wrench: Wrench,
  zap: Zap,
};

export interface CategoryPictogramProps {
  /** The product's category ids (Product.categories[].id); the first one found in the tree decides. */
  categoryIds?: readonly string[];
  /** Or the top-level category's name in the route's language (a search result's first breadcrumb). */
  topCategoryName?: string;
  className?: string;
}

/**
 * The pictogram of the product's top-level category, found in the category tree (GET /v1/categories, usually in the
 * cache already); nothing while the tree loads (no flash of the fallback icon); the fallback pictogram for a
 * product whose category the tree or the table does not know.
 */
export function CategoryPictogram({ categoryIds, topCategoryName, className }: CategoryPictogramProps) {
  const { lang } = useRouteLanguage();
  const tree = useCategories(lang);
  if (tree.isPending) return null;
  const nodes = tree.data ?? [];
  const top = categoryIds?.length ? topCategoryOf(nodes, categoryIds) : topCategoryName ? topCategoryByName(nodes, topCategoryName, lang) : undefined;
  const { category, icon } = pictogramFor(top ? pictogramKeyName(top) : null);
  const Icon = PICTOGRAM_ICONS[icon];
  return (
    <Icon
      className={`category-pictogram${className ? ` ${className}` : ''}`}
      strokeWidth={1.25}
      aria-hidden="true"
      focusable="false"
      data-pictogram={icon}
      data-category={category}
    />
  );
}
