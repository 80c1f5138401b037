/**
 * The layout fields of a content page answer (GET /v1/page/{ref}, api/routes/pages: spec 1 layouts, spec 3 "Page:
 * itemContainers", "header-img") and the staff's `edit` part (fieldsPreset=frontEdit), read from the answer without
 * widening get-page.ts's type: an answer from an older server lacks them and gets the default layout.
 */
import type { ContentPage } from './get-page';

/** Spec 1's thirteen layouts (domain/page/page-doc.ts PAGE_LAYOUTS). */
export const LAYOUTS = [
  'basic', 'default', 'contact', 'spare-parts-contact', 'homepage', 'parallax', 'sidebar-right', 'test', 'gallery',
  'gallery-detail', 'product-detail', 'search-results', 'page-not-found',
] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/** One item of an item container: its id and sanitised HTML in the page's language. */
export interface ContainerItemView {
  id: string;
  html: string;
}

/** What every layout receives. */
export interface LayoutPage extends ContentPage {
  layout: LayoutName;
  /** Container key -> items, in order. */
  item_containers: Record<string, ContainerItemView[]>;
  /** A /files/{id}/{variant} path, or null. */
  header_img: string | null;
}

/** The staff's edit part of a frontEdit answer: only what the storefront reads (the version a save sends). */
export interface PageEditVersion {
  settings: { version: number };
}

const isLayout = (value: unknown): value is LayoutName => typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);

/** The answer as a LayoutPage: unknown layouts read as `default`, malformed containers as none. */
export function layoutPageOf(page: ContentPage): LayoutPage {
  const raw = page as ContentPage & { layout?: unknown; item_containers?: unknown; header_img?: unknown };
  const containers: Record<string, ContainerItemView[]> = {};
  if (raw.item_containers && typeof raw.item_containers === 'object') {
    for (const [key, items] of Object.entries(raw.item_containers as Record<string, unknown>)) {
      if (!Array.isArray(items)) continue;
      containers[key] = items.filter((i): i is ContainerItemView => !!i && typeof i.id === 'string' && typeof i.html === 'string');
    }
  }
  return {
    ...page,
    layout: isLayout(raw.layout) ? raw.layout : 'default',
    item_containers: containers,
    header_img: typeof raw.header_img === 'string' && raw.header_img.startsWith('/') ? raw.header_img : null,
  };
}

/** The frontEdit answer's page version for the editor bar (CurrentPageContext), or null for a guest's answer. */
export function editVersionOf(page: ContentPage): number | null {
  const edit = (page as { edit?: Partial<PageEditVersion> }).edit;
  const version = edit?.settings?.version;
  return typeof version === 'number' ? version : null;
}
