/**
 * The Page aggregate (stream `page-{id}`): a content page of the storefront (spec 2 routes `/{pageName}`,
 * `/page/{pageId}` and `/page/{pageId}/{slug}`; spec 3 "Page": id, content, meta description, meta keywords,
 * canonical URL). Texts are language-wrapped (spec 1); `content` is HTML, sanitised by the command handler before it
 * reaches `decide` (commands/page/save-page.ts). The page editor of a later issue sends the same command.
 *
 * - SavePage creates the page or replaces its name and texts; recorded only when something differs.
 *
 * Names follow the URL slug rule of spec 5 ("Other rules": lowercase, hyphens) and may not shadow a route of the
 * storefront or a language code (spec 2: a name equal to a language code is that language's home page).
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { validation } from '../shared/errors.js';
import { LANGUAGES, type Localized } from '../shared/localized.js';

export const pageStreamId = (pageId: string) => `page-${pageId}`;

/** Longest title, meta description or keywords text, in characters. */
export const MAX_PAGE_TEXT = 500;
/** Longest HTML content per language, in characters. */
export const MAX_PAGE_CONTENT = 100_000;
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** First path segments the storefront's own routes take (spec 2), and the language codes. */
export const RESERVED_PAGE_NAMES: readonly string[] = [
  'et', 'en', 'products', 'tooted', 'searchresults', 'cart', 'checkout', 'payment', 'payment-success', 'clear-storage',
  'page', 'gallery', 'admin', 'login', 'logout', 'session', 'order', 'client', 'gii', 'v1', 'product', 'assets', 'sandbox-bank',
];

export interface PageDoc {
  pageId: string;
  /** The URL name, e.g. 'muugitingimused' (/muugitingimused). */
  name: string;
  title: Localized;
  /** Sanitised HTML per language. */
  content: Localized;
  metaDescription: Localized;
  metaKeywords: Localized;
}

export type PageEvent = Message<'PageSaved', PageDoc>;
export const PAGE_EVENT_TYPES: PageEvent['type'][] = ['PageSaved'];

export type PageCommand = Message<
  'SavePage',
  {
    pageId: string;
    name: string;
    title: Partial<Localized>;
    content: Partial<Localized>;
    metaDescription?: Partial<Localized>;
    metaKeywords?: Partial<Localized>;
  }
> & { metadata: CommandMetadata };

export type PageState = PageDoc | null;

function localized(value: Partial<Localized> | undefined, field: string, max: number): Localized {
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
 * Pure decision.
 * @throws DomainError validation: page.name_invalid, page.name_reserved, page.title_missing, page.text_invalid,
 *   page.text_too_long.
 */
export function decide(command: PageCommand, state: PageState): PageEvent[] {
  switch (command.type) {
    case 'SavePage': {
      const d = command.data;
      const name = typeof d.name === 'string' ? d.name.trim() : '';
      if (!NAME.test(name) || name.length > 100) throw validation('page.name_invalid', 'A page name is lowercase letters, digits and single hyphens', 'name');
      if (RESERVED_PAGE_NAMES.includes(name)) throw validation('page.name_reserved', `"${name}" is taken by the storefront`, 'name');
      const title = localized(d.title, 'title', MAX_PAGE_TEXT);
      if (!title.et && !title.en) throw validation('page.title_missing', 'A page needs a title', 'title');
      const next: PageDoc = {
        pageId: d.pageId,
        name,
        title,
        content: localized(d.content, 'content', MAX_PAGE_CONTENT),
        metaDescription: localized(d.metaDescription, 'metaDescription', MAX_PAGE_TEXT),
        metaKeywords: localized(d.metaKeywords, 'metaKeywords', MAX_PAGE_TEXT),
      };
      return JSON.stringify(next) === JSON.stringify(state) ? [] : [{ type: 'PageSaved', data: next }];
    }
    default:
      return assertNever(command.type);
  }
}

export function evolve(_state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'PageSaved':
      return event.data;
    default:
      return assertNever(event.type);
  }
}

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = { decide, evolve, initialState: null };
