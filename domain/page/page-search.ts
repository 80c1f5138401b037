/**
 * Content pages in the site search (spec 2 "Search results page", spec 3 "Search result", spec 7 GET /v1/search):
 * which published pages a query finds, in one language's own text. Pure: the api gives it the published versions
 * the visibility rule shows now (api/routes/search/page-results.ts).
 *
 * A page's searchable text in a language is its title, meta description, meta keywords and content with the HTML
 * removed (the language's text, Estonian when the English one is empty, as guests read it). Text and query are
 * compared lower-cased with diacritics removed ('muugitingimused' finds 'Müügitingimused'). Every word of the query
 * (two characters or more) must begin a word of the page; a query without such a word finds no page. Pages whose
 * title holds the words come first, then by how many times the words occur, then by title.
 */
import { type Language, pick } from '../shared/localized.js';
import type { PageVersionDoc } from './page-doc.js';

/** Most pages one search answers (pages are few; the products are paged beside them). */
export const MAX_PAGE_RESULTS = 10;
/** Longest description of a page result, in characters (a search engine's description length). */
export const PAGE_RESULT_DESCRIPTION = 160;

/** Lower case without diacritics (NFD, combining marks removed). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of sanitised HTML: tags become spaces, the common entities their characters, whitespace one space. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,6}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a folded text (letters and digits). */
const words = (folded: string): string[] => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** The query's words that count (two characters or more), folded. */
export function queryWords(query: string): string[] {
  return [...new Set(words(foldText(query)).filter((w) => w.length >= 2))];
}

/** A published page the search may find (its id and published version). */
export interface SearchablePage {
  pageId: string;
  doc: PageVersionDoc;
}

/** A page the search found, in the query's language. */
export interface PageHit {
  pageId: string;
  title: string;
  slug: string;
  /** The meta description, else the start of the text (at most PAGE_RESULT_DESCRIPTION characters). */
  description: string;
  /** The first image of the content (spec 3 "Search result" header-img), a /files/... path; null when none. */
  headerImage: string | null;
}

const firstImage = (html: string): string | null => /<img\b[^>]*\bsrc="([^"]+)"/i.exec(html)?.[1] ?? null;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The pages `query` finds in `lang`, best first, at most MAX_PAGE_RESULTS. */
export function searchPages(pages: readonly SearchablePage[], query: string, lang: Language): PageHit[] {
  const wanted = queryWords(query);
  if (wanted.length === 0) return [];
  const scored: { hit: PageHit; inTitle: boolean; count: number }[] = [];
  for (const { pageId, doc } of pages) {
    const title = pick(doc.title, lang);
    const content = pick(doc.content, lang);
    const text = htmlText(content);
    const titleWords = words(foldText(title));
    const all = [...titleWords, ...words(foldText(`${pick(doc.metaDescription, lang)} ${pick(doc.metaKeywords, lang)} ${text}`))];
    let count = 0;
    let found = true;
    for (const w of wanted) {
      const n = all.filter((x) => x.startsWith(w)).length;
      if (n === 0) {
        found = false;
        break;
      }
      count += n;
    }
    if (!found) continue;
    const inTitle = wanted.every((w) => titleWords.some((x) => x.startsWith(w)));
    const description = clip(pick(doc.metaDescription, lang) || text, PAGE_RESULT_DESCRIPTION);
    scored.push({ hit: { pageId, title, slug: pick(doc.slug, lang), description, headerImage: firstImage(content) }, inTitle, count });
  }
  scored.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.count - a.count || a.hit.title.localeCompare(b.hit.title, lang));
  return scored.slice(0, MAX_PAGE_RESULTS).map((s) => s.hit);
}
