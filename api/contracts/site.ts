/**
 * Site and content page contracts (storefront shell; spec 2 "Header"; spec 7 GET /v1/site, GET
 * /{language}/site/set-language, GET /v1/page/{pageName|pageId}; spec 3 "Page"). Imports nothing but zod.
 */
import { z } from 'zod';
import { safeString } from './text.js';

/**
 * One entry of the main navigation: a page, a link or a category, with its drop-down: a category's visible
 * subcategories, or a page's or link's own visible child entries (the menu nests one level, domain/menu/menu.ts).
 */
export const menuItemSchema = z.object({
  kind: z.enum(['page', 'link', 'category']),
  label: z.string(),
  /** App path: /{pageName} for pages, the URL for links, the category URL (spec 9) for categories. */
  href: z.string(),
  /** The drop-down; `categoryId` null for a child entry of a page or link (a page or a link itself). */
  children: z.array(z.object({ label: z.string(), href: z.string(), categoryId: z.string().nullable() })),
  categoryId: z.string().nullable(),
  /** Not shown in the storefront's navigation (the Galerii entry, spec 2 "Header"). */
  hidden: z.boolean(),
});
export type MenuItemView = z.infer<typeof menuItemSchema>;

/** `data` of GET /v1/site: the global fields in the language (Estonian fallback) and the menu. */
export const siteResponseSchema = z.object({
  language: z.enum(['et', 'en']),
  globalFields: z.record(z.string(), z.string()),
  menu: z.array(menuItemSchema),
});
export type SiteResponse = z.infer<typeof siteResponseSchema>;

/** `data` of GET /{language}/site/set-language. */
export const setLanguageResponseSchema = z.object({ language: z.enum(['et', 'en']) });

/** Query of GET /v1/page/{pageRef}: language and the fields preset (frontEdit comes with the staff's page editor). */
export const pageQuerySchema = z.object({ lang: z.string().optional(), fieldsPreset: z.enum(['default', 'frontEdit']).optional() });
export const pageParamsSchema = z.object({ pageRef: safeString(100).pipe(z.string().min(1)) });

/** `data` of GET /v1/page/{pageRef}: the page in the language; `content` is sanitised HTML. */
export const pageSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  content: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  canonical: z.string(),
  alternates: z.object({ et: z.string(), en: z.string() }),
  /** The page's layout (spec 1: one of domain/page/page-doc.ts PAGE_LAYOUTS). */
  layout: z.string(),
  /** The page's own item containers (spec 3 "Page: itemContainers"): key -> items, each item's sanitised HTML in the language. */
  item_containers: z.record(z.string(), z.array(z.object({ id: z.string(), html: z.string() }))),
  /** The first image of the page's `hero` container (spec 3 "header-img"), when it has one: a /files/{id}/{variant} path. */
  header_img: z.string().optional(),
});
export type PageView = z.infer<typeof pageSchema>;

/** Path of GET /{language}/site/set-language. */
export const setLanguageParamsSchema = z.object({ language: safeString(10) });

/** Path of GET /sitemap-products-{n}.xml: the file number (1, 2, ...; checked by the route). */
export const sitemapFileParamsSchema = z.object({ n: safeString(10) });

/** The whole answer of GET /v1/page/{pageRef}: the envelope with the page and, beside it, the language used. */
export const pageResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('success'),
  data: pageSchema,
  lang: z.enum(['et', 'en']),
});
