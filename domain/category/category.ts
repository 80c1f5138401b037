/**
 * The Category aggregate (stream `category-{id}`): one node of the catalog's category tree (spec 3 "Category").
 * Names and search keywords are per language; `parentId` null is the root level; `position` orders siblings.
 * `className` (spec 3 "Category: ... className ... may be per-language objects") is kept as the spec's client sends
 * it, one value per language, or null: the storefront does not style by it (its pictograms are keyed by name).
 * A deleted category accepts no further command.
 *
 * Rules that need more than this one stream: the decider stays pure, so the command handler reads what
 * the rule needs and puts it into the command's data:
 * - MoveCategory `parentAncestorIds`: the new parent and its ancestors up to the root level (read from their
 *   streams by commands/category/move-category.ts). A move under the category itself or any of its descendants
 *   would make a cycle (the category would become its own ancestor and drop out of the tree): validation
 *   `category.cycle` on field `parent_id`.
 * - DeleteCategory `childCount` / `productCount`: the category's live subcategories and the products filed under it
 *   (from the catalog read model). A category with either is not deleted (illegal_state `category.has_children` /
 *   `category.has_products`): a shop does not want products or a whole branch to vanish from the storefront by one
 *   click, so staff move the subcategories and products elsewhere first, which the tree editor says.
 */
import { assertNever, type CommandMetadata, type Decider, type Message } from '../shared/decider.js';
import { illegalState, notFound, validation } from '../shared/errors.js';
import { LANGUAGES, type Language, type Localized } from '../shared/localized.js';

export const toCategoryStreamId = (categoryId: string) => `category-${categoryId}`;
export const DEFAULT_CATEGORY_NAME = 'New category';
const MAX_NAME = 120;
const MAX_KEYWORDS = 1000;

export type CategoryEvent =
  | Message<'CategoryCreated', { categoryId: string; parentId: string | null; names: Localized; position: number }>
  | Message<'CategoryRenamed', { categoryId: string; language: Language; name: string }>
  | Message<'CategoryMoved', { categoryId: string; parentId: string | null; position: number }>
  | Message<'CategoryHidden', { categoryId: string }>
  | Message<'CategoryShown', { categoryId: string }>
  | Message<'CategorySearchKeywordsChanged', { categoryId: string; language: Language; keywords: string }>
  | Message<'CategoryClassNameChanged', { categoryId: string; className: Localized | null }>
  | Message<'CategoryDeleted', { categoryId: string }>;
export const CATEGORY_EVENT_TYPES: CategoryEvent['type'][] = [
  'CategoryCreated', 'CategoryRenamed', 'CategoryMoved', 'CategoryHidden', 'CategoryShown', 'CategorySearchKeywordsChanged', 'CategoryClassNameChanged', 'CategoryDeleted',
];
const MAX_CLASS_NAME = 100;

type Cmd<T extends string, D> = Message<T, D> & { metadata: CommandMetadata };
export type CategoryCommand =
  | Cmd<'CreateCategory', { categoryId: string; parentId: string | null; names: Partial<Localized>; position?: number }>
  | Cmd<'RenameCategory', { categoryId: string; language: Language; name: string }>
  | Cmd<'MoveCategory', { categoryId: string; parentId: string | null; position: number; parentAncestorIds?: readonly string[] }>
  | Cmd<'HideCategory', { categoryId: string }>
  | Cmd<'ShowCategory', { categoryId: string }>
  | Cmd<'ChangeCategorySearchKeywords', { categoryId: string; language: Language; keywords: string }>
  /**
   * Adds one keyword (a search word shoppers used, spec 2 StatisticsList) to the language's search keywords,
   * comma-separated; nothing when the keywords already hold it (case-insensitive).
   */
  | Cmd<'AddCategorySearchKeyword', { categoryId: string; language: Language; keyword: string }>
  /** Sets the spec's `className` per language; null or two blank values clear it. validation `category.class_name_too_long`. */
  | Cmd<'ChangeCategoryClassName', { categoryId: string; className: Localized | null }>
  | Cmd<'DeleteCategory', { categoryId: string; childCount?: number; productCount?: number }>;

export type CategoryState =
  | { status: 'empty' }
  | { status: 'active' | 'deleted'; categoryId: string; parentId: string | null; names: Localized; position: number; hidden: boolean; searchKeywords: Localized; className: Localized | null };
export const initialState: CategoryState = { status: 'empty' };

function checkName(name: string): string {
  const n = name.trim();
  if (n.length > MAX_NAME) throw validation('category.name_too_long', `A category name is at most ${MAX_NAME} characters`, 'name');
  return n;
}

function checkPosition(position: number): number {
  if (!Number.isInteger(position) || position < 0) throw validation('category.position_invalid', 'The position is a whole number of at least 0', 'position');
  return position;
}

/** Pure decision for one category command. @throws DomainError (validation, not_found, illegal_state). */
export function decide(command: CategoryCommand, state: CategoryState): CategoryEvent[] {
  const { type, data } = command;
  if (type === 'CreateCategory') {
    if (state.status !== 'empty') throw illegalState('category.already_exists', 'The category already exists');
    if (data.parentId === data.categoryId) throw validation('category.own_parent', 'A category cannot be its own parent', 'parent_id');
    const et = checkName(data.names.et ?? '');
    const en = checkName(data.names.en ?? '');
    const names = { et: et || en || DEFAULT_CATEGORY_NAME, en: en || et || DEFAULT_CATEGORY_NAME };
    return [{ type: 'CategoryCreated', data: { categoryId: data.categoryId, parentId: data.parentId, names, position: checkPosition(data.position ?? 0) } }];
  }
  if (state.status === 'empty') throw notFound('category.not_found', 'The category does not exist');
  if (state.status === 'deleted') throw illegalState('category.deleted', 'The category has been deleted');
  const categoryId = state.categoryId;
  switch (type) {
    case 'RenameCategory': {
      if (!LANGUAGES.includes(data.language)) throw validation('category.language_unknown', 'Unknown language', 'language');
      const name = checkName(data.name);
      if (!name) throw validation('category.name_required', 'A category name is required', 'name');
      return name === state.names[data.language] ? [] : [{ type: 'CategoryRenamed', data: { categoryId, language: data.language, name } }];
    }
    case 'MoveCategory': {
      if (data.parentId === categoryId) throw validation('category.own_parent', 'A category cannot be its own parent', 'parent_id');
      if (data.parentId !== null && data.parentAncestorIds?.includes(categoryId)) {
        throw validation('category.cycle', 'A category cannot be moved under one of its own subcategories', 'parent_id');
      }
      const position = checkPosition(data.position);
      if (data.parentId === state.parentId && position === state.position) return [];
      return [{ type: 'CategoryMoved', data: { categoryId, parentId: data.parentId, position } }];
    }
    case 'HideCategory':
      return state.hidden ? [] : [{ type: 'CategoryHidden', data: { categoryId } }];
    case 'ShowCategory':
      return state.hidden ? [{ type: 'CategoryShown', data: { categoryId } }] : [];
    case 'ChangeCategorySearchKeywords': {
      if (!LANGUAGES.includes(data.language)) throw validation('category.language_unknown', 'Unknown language', 'language');
      const keywords = data.keywords.trim();
      if (keywords.length > MAX_KEYWORDS) throw validation('category.keywords_too_long', `Search keywords are at most ${MAX_KEYWORDS} characters`, 'search_keywords');
      return keywords === state.searchKeywords[data.language] ? [] : [{ type: 'CategorySearchKeywordsChanged', data: { categoryId, language: data.language, keywords } }];
    }
    case 'AddCategorySearchKeyword': {
      if (!LANGUAGES.includes(data.language)) throw validation('category.language_unknown', 'Unknown language', 'language');
      const keyword = data.keyword.trim().replace(/\s+/g, ' ');
      if (!keyword || keyword.length > 64) throw validation('category.keyword_invalid', 'A search keyword needs 1 to 64 characters', 'keyword');
      const current = state.searchKeywords[data.language];
      const held = current.split(',').map((k) => k.trim().toLowerCase());
      if (held.includes(keyword.toLowerCase())) return [];
      const keywords = current.trim() ? `${current.trim()}, ${keyword}` : keyword;
      if (keywords.length > MAX_KEYWORDS) throw validation('category.keywords_too_long', `Search keywords are at most ${MAX_KEYWORDS} characters`, 'search_keywords');
      return [{ type: 'CategorySearchKeywordsChanged', data: { categoryId, language: data.language, keywords } }];
    }
    case 'ChangeCategoryClassName': {
      const trimmed = data.className ? { et: data.className.et.trim(), en: data.className.en.trim() } : null;
      if (trimmed && (trimmed.et.length > MAX_CLASS_NAME || trimmed.en.length > MAX_CLASS_NAME)) {
        throw validation('category.class_name_too_long', `A class name is at most ${MAX_CLASS_NAME} characters`, 'className');
      }
      const className = trimmed && (trimmed.et || trimmed.en) ? trimmed : null;
      const same = className === null ? state.className === null : state.className !== null && state.className.et === className.et && state.className.en === className.en;
      return same ? [] : [{ type: 'CategoryClassNameChanged', data: { categoryId, className } }];
    }
    case 'DeleteCategory':
      if ((data.childCount ?? 0) > 0) throw illegalState('category.has_children', 'The category has subcategories: move or delete them first');
      if ((data.productCount ?? 0) > 0) throw illegalState('category.has_products', 'Products are filed under the category: move them to another category first');
      return [{ type: 'CategoryDeleted', data: { categoryId } }];
    default:
      return assertNever(command);
  }
}

export function evolve(state: CategoryState, event: CategoryEvent): CategoryState {
  if (event.type === 'CategoryCreated') {
    const d = event.data;
    return { status: 'active', categoryId: d.categoryId, parentId: d.parentId, names: d.names, position: d.position, hidden: false, searchKeywords: { et: '', en: '' }, className: null };
  }
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'CategoryRenamed':
      return { ...state, names: { ...state.names, [event.data.language]: event.data.name } };
    case 'CategoryMoved':
      return { ...state, parentId: event.data.parentId, position: event.data.position };
    case 'CategoryHidden':
      return { ...state, hidden: true };
    case 'CategoryShown':
      return { ...state, hidden: false };
    case 'CategorySearchKeywordsChanged':
      return { ...state, searchKeywords: { ...state.searchKeywords, [event.data.language]: event.data.keywords } };
    case 'CategoryClassNameChanged':
      return { ...state, className: event.data.className };
    case 'CategoryDeleted':
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const categoryDecider: Decider<CategoryCommand, CategoryEvent, CategoryState> = { decide, evolve, initialState };
