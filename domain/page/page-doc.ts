/**
 * One version of a page (spec 3 "Page": content, item containers, meta description, meta keywords, canonical URL;
 * spec 2 "Page loading": title, meta, canonical and alternate links) and the checks a SavePageDraft makes on it.
 * Texts are language-wrapped (spec 1); `content` and item HTML arrive sanitised (commands/page/sanitize-page-html.ts).
 */
import { validation } from '../shared/errors.js';
import { LANGUAGES, type Localized } from '../shared/localized.js';
import { slugify } from './slug.js';

/** Storefront page layouts (spec 1). */
export const PAGE_LAYOUTS = [
  'basic', 'default', 'contact', 'spare-parts-contact', 'homepage', 'parallax', 'sidebar-right', 'test', 'gallery',
  'gallery-detail', 'product-detail', 'search-results', 'page-not-found',
] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

/** Longest title, meta description or keywords text, in characters. */
export const MAX_PAGE_TEXT = 500;
/** Longest HTML content per language (page content and each container item), in characters. */
export const MAX_PAGE_CONTENT = 100_000;
/** Longest slug, in characters. */
export const MAX_SLUG = 100;
export const MAX_ITEM_CONTAINERS = 20;
export const MAX_CONTAINER_ITEMS = 50;
const CONTAINER_KEY = /^[A-Za-z][\w.-]{0,63}$/;
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** First path segments the storefront's own routes take (spec 2), and the language codes: no slug may take them. */
export const RESERVED_PAGE_NAMES: readonly string[] = [
  'et', 'en', 'products', 'tooted', 'searchresults', 'cart', 'checkout', 'payment', 'payment-success', 'clear-storage',
  'page', 'gallery', 'admin', 'login', 'logout', 'session', 'order', 'client', 'gii', 'v1', 'product', 'assets', 'sandbox-bank',
];

/** One item of an item container: a rich-text block per language (sanitised HTML). */
export interface ContainerItem {
  id: string;
  html: Localized;
}
/** Item containers (spec 3 "Page: itemContainers"): container key -> its items in order. */
export type ItemContainers = Record<string, ContainerItem[]>;

/** A page version as saved: what a draft holds and what publishing shows. */
export interface PageVersionDoc {
  title: Localized;
  /** The URL name per language (/{slug}, /en/{slug}), by the slug rule of spec 5. */
  slug: Localized;
  layout: PageLayout;
  /** Sanitised HTML per language. */
  content: Localized;
  metaDescription: Localized;
  metaKeywords: Localized;
  /** '' (the storefront's own URL is canonical), an absolute http(s) URL or a path from '/'. */
  canonicalUrl: string;
  itemContainers: ItemContainers;
}

/** What SavePageDraft sends: every field optional but the title; missing texts are empty. */
export interface PageDraftInput {
  title: Partial<Localized>;
  slug?: Partial<Localized>;
  layout?: string;
  content?: Partial<Localized>;
  metaDescription?: Partial<Localized>;
  metaKeywords?: Partial<Localized>;
  canonicalUrl?: string;
  itemContainers?: Record<string, Array<{ id: string; html: Partial<Localized> }>>;
}

/** @throws DomainError validation page.text_invalid, page.text_too_long */
export function localizedText(value: Partial<Localized> | undefined, field: string, max: number): Localized {
  const out = { et: '', en: '' } as Localized;
  for (const lang of LANGUAGES) {
    const text = value?.[lang] ?? '';
    if (typeof text !== 'string') throw validation('page.text_invalid', 'A page text is text', `${field}.${lang}`);
    if (text.trim().length > max) throw validation('page.text_too_long', `At most ${max} characters`, `${field}.${lang}`);
    out[lang] = text.trim();
  }
  return out;
}

/**
 * The slug per language: the given slug through `slugify`, else the title's; English falls back to the Estonian
 * slug (the main language).
 * @throws DomainError validation page.slug_missing, page.slug_too_long, page.name_reserved
 */
function resolveSlug(slug: Partial<Localized> | undefined, title: Localized): Localized {
  const of = (lang: 'et' | 'en') => {
    const given = slug?.[lang];
    if (given !== undefined && typeof given !== 'string') throw validation('page.text_invalid', 'A slug is text', `slug.${lang}`);
    return slugify(given ?? '') || slugify(title[lang]);
  };
  const et = of('et') || of('en');
  if (!et) throw validation('page.slug_missing', 'A page needs a URL name', 'slug.et');
  const out: Localized = { et, en: of('en') || et };
  for (const lang of LANGUAGES) {
    if (out[lang].length > MAX_SLUG) throw validation('page.slug_too_long', `A URL name is at most ${MAX_SLUG} characters`, `slug.${lang}`);
    if (RESERVED_PAGE_NAMES.includes(out[lang])) throw validation('page.name_reserved', `"${out[lang]}" is taken by the storefront`, `slug.${lang}`);
  }
  return out;
}

/** @throws DomainError validation page.canonical_invalid */
function canonical(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw validation('page.canonical_invalid', 'A canonical URL is text', 'canonicalUrl');
  const url = value.trim();
  if (url === '' || (/^\/(?!\/)\S*$/.test(url) && url.length <= 500)) return url;
  if (url.length <= 500 && /^https?:\/\/[^\s/]+\S*$/i.test(url)) return url;
  throw validation('page.canonical_invalid', 'A canonical URL is empty, an http(s) URL or a path from /', 'canonicalUrl');
}

/**
 * Item containers as checked data (page item containers and the global ones, domain/site/site.ts).
 * @throws DomainError validation content.containers_too_many, content.container_key_invalid,
 *   content.container_items_invalid, content.container_item_id_invalid, page.text_invalid, page.text_too_long
 */
export function toItemContainers(value: PageDraftInput['itemContainers'] | undefined): ItemContainers {
  const out: ItemContainers = {};
  const entries = Object.entries(value ?? {});
  if (entries.length > MAX_ITEM_CONTAINERS) throw validation('content.containers_too_many', `At most ${MAX_ITEM_CONTAINERS} item containers`, 'itemContainers');
  for (const [key, items] of entries) {
    if (!CONTAINER_KEY.test(key)) throw validation('content.container_key_invalid', `"${key.slice(0, 80)}" is not a container key`, 'itemContainers');
    if (!Array.isArray(items) || items.length > MAX_CONTAINER_ITEMS) throw validation('content.container_items_invalid', `At most ${MAX_CONTAINER_ITEMS} items`, `itemContainers.${key}`);
    const ids = new Set<string>();
    out[key] = items.map((item, i) => {
      if (!item || typeof item.id !== 'string' || !ITEM_ID.test(item.id) || ids.has(item.id)) throw validation('content.container_item_id_invalid', 'An item needs its own id', `itemContainers.${key}.${i}.id`);
      ids.add(item.id);
      return { id: item.id, html: localizedText(item.html, `itemContainers.${key}.${i}.html`, MAX_PAGE_CONTENT) };
    });
  }
  return out;
}

/**
 * A draft input as a checked page version.
 * @throws DomainError validation: page.title_missing, page.layout_invalid, page.slug_*, page.name_reserved,
 *   page.text_invalid, page.text_too_long, page.canonical_invalid, content.container_*
 */
export function toPageVersionDoc(input: PageDraftInput): PageVersionDoc {
  const title = localizedText(input.title, 'title', MAX_PAGE_TEXT);
  if (!title.et && !title.en) throw validation('page.title_missing', 'A page needs a title', 'title');
  const layout = input.layout ?? 'default';
  if (!(PAGE_LAYOUTS as readonly string[]).includes(layout)) throw validation('page.layout_invalid', `A layout is one of ${PAGE_LAYOUTS.join(', ')}`, 'layout');
  return {
    title,
    slug: resolveSlug(input.slug, title),
    layout: layout as PageLayout,
    content: localizedText(input.content, 'content', MAX_PAGE_CONTENT),
    metaDescription: localizedText(input.metaDescription, 'metaDescription', MAX_PAGE_TEXT),
    metaKeywords: localizedText(input.metaKeywords, 'metaKeywords', MAX_PAGE_TEXT),
    canonicalUrl: canonical(input.canonicalUrl),
    itemContainers: toItemContainers(input.itemContainers),
  };
}

/** Spec 9: "Meta description guidance about 50-160 words": the range of its word count. */
export const META_DESCRIPTION_WORDS = [50, 160] as const;
/** Spec 9: "meta keywords about 5-10": the range of its keyword count. */
export const META_KEYWORDS = [5, 10] as const;

/** The words of a meta description (spec 9's unit): runs of characters between white space. */
export function metaDescriptionWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The keywords of the meta keywords: comma-separated, empty ones not counted. */
export function metaKeywordCount(text: string): number {
  return text.split(',').filter((k) => k.trim()).length;
}

/**
 * Meta guidance for the editor (spec 9: meta description about 50-160 words, meta keywords about 5-10): 'short',
 * 'ok' or 'long'. Guidance only; a save is never refused for it. The page settings' counters
 * (web/src/features/page-settings/settings-logic.ts) count with the same functions.
 */
export function metaGuidance(text: string, kind: 'description' | 'keywords'): 'short' | 'ok' | 'long' {
  const n = kind === 'description' ? metaDescriptionWords(text) : metaKeywordCount(text);
  const [min, max] = kind === 'description' ? META_DESCRIPTION_WORDS : META_KEYWORDS;
  return n < min ? 'short' : n > max ? 'long' : 'ok';
}

/**
 * The item container whose first image is the page's header image (spec 3 "Search result: header-img"): the
 * homepage's hero and the parallax layout's backdrop.
 */
export const HEADER_IMAGE_CONTAINER = 'hero';

/**
 * The page's header image in `lang` (Estonian fallback): the `src` of the first `<img>` in its `hero` item
 * container, or null when it has none. The HTML is sanitised when saved (images only from `/files/{id}/{variant}`),
 * so the address is one of the shop's own files.
 */
export function headerImageOf(doc: Pick<PageVersionDoc, 'itemContainers'>, lang: 'et' | 'en'): string | null {
  for (const item of doc.itemContainers[HEADER_IMAGE_CONTAINER] ?? []) {
    const html = item.html[lang] || item.html.et || item.html.en;
    const src = /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(html)?.[1];
    if (src) return src.replace(/&amp;/g, '&');
  }
  return null;
}
