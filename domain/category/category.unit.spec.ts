import { describe, it } from 'vitest';
import { spec } from '../../tests/support/given-when-then.js';
import type { Language } from '../shared/localized.js';
import { categoryDecider, type CategoryCommand, type CategoryEvent } from './category.js';

const NOW = '2026-11-22T10:00:00.000Z';
const ID = 'c-1';

type CommandOf<T extends CategoryCommand['type']> = Extract<CategoryCommand, { type: T }>;
type EventOf<T extends CategoryEvent['type']> = Extract<CategoryEvent, { type: T }>;

const cmd = <T extends CategoryCommand['type']>(type: T, data: Omit<CommandOf<T>['data'], 'categoryId'>): CategoryCommand =>
  ({ type, data: { categoryId: ID, ...data }, metadata: { now: NOW } }) as CategoryCommand;
const ev = <T extends CategoryEvent['type']>(type: T, data: Omit<EventOf<T>['data'], 'categoryId'>): CategoryEvent =>
  ({ type, data: { categoryId: ID, ...data } }) as CategoryEvent;

const created = (overrides: Partial<EventOf<'CategoryCreated'>['data']> = {}) =>
  ev('CategoryCreated', { parentId: null, names: { et: 'Mootor', en: 'Engine' }, position: 0, ...overrides });

const category = spec(categoryDecider);
const existing = () => category.given([created()]);

describe('CreateCategory', () => {
  it('creates a category with trimmed names at position 0 by default', () => {
    category
      .when(cmd('CreateCategory', { parentId: 'c-root', names: { et: ' Mootor ', en: 'Engine' } }))
      .then([created({ parentId: 'c-root', names: { et: 'Mootor', en: 'Engine' }, position: 0 })]);
  });

  it('creates a root category at a given position', () => {
    category.when(cmd('CreateCategory', { parentId: null, names: { et: 'Mootor', en: 'Engine' }, position: 3 })).then([created({ position: 3 })]);
  });

  it("is named 'New category' when both names are empty", () => {
    category
      .when(cmd('CreateCategory', { parentId: null, names: { et: ' ', en: '' } }))
      .then([created({ names: { et: 'New category', en: 'New category' } })]);
    category.when(cmd('CreateCategory', { parentId: null, names: {} })).then([created({ names: { et: 'New category', en: 'New category' } })]);
  });

  it('a name in one language fills the other', () => {
    category.when(cmd('CreateCategory', { parentId: null, names: { et: 'Mootor' } })).then([created({ names: { et: 'Mootor', en: 'Mootor' } })]);
    category.when(cmd('CreateCategory', { parentId: null, names: { en: 'Engine', et: '' } })).then([created({ names: { et: 'Engine', en: 'Engine' } })]);
  });

  it('rejects a category that is its own parent', () => {
    category.when(cmd('CreateCategory', { parentId: ID, names: { et: 'Mootor' } })).thenThrows('category.own_parent', 'validation');
  });

  it('rejects a negative or fractional position', () => {
    category.when(cmd('CreateCategory', { parentId: null, names: { et: 'Mootor' }, position: -1 })).thenThrows('category.position_invalid', 'validation');
    category.when(cmd('CreateCategory', { parentId: null, names: { et: 'Mootor' }, position: 1.5 })).thenThrows('category.position_invalid', 'validation');
  });

  it('rejects a name over 120 characters', () => {
    category.when(cmd('CreateCategory', { parentId: null, names: { en: 'n'.repeat(121) } })).thenThrows('category.name_too_long', 'validation');
  });

  it('rejects creating the same category twice', () => {
    existing().when(cmd('CreateCategory', { parentId: null, names: { et: 'Mootor' } })).thenThrows('category.already_exists', 'illegal_state');
  });
});

describe('RenameCategory', () => {
  it('renames one language (trimmed)', () => {
    existing().when(cmd('RenameCategory', { language: 'en', name: ' Motor ' })).then([ev('CategoryRenamed', { language: 'en', name: 'Motor' })]);
  });

  it('renaming et keeps en', () => {
    category
      .given([created(), ev('CategoryRenamed', { language: 'et', name: 'Mootorid' })])
      .when(cmd('RenameCategory', { language: 'en', name: 'Engine' }))
      .then([]);
  });

  it('decides nothing for the same name', () => {
    existing().when(cmd('RenameCategory', { language: 'et', name: 'Mootor ' })).then([]);
  });

  it('rejects an empty name', () => {
    existing().when(cmd('RenameCategory', { language: 'et', name: '   ' })).thenThrows('category.name_required', 'validation');
  });

  it('rejects a name that is too long', () => {
    existing().when(cmd('RenameCategory', { language: 'et', name: 'n'.repeat(121) })).thenThrows('category.name_too_long', 'validation');
  });

  it('rejects an unknown language', () => {
    existing().when(cmd('RenameCategory', { language: 'fi' as Language, name: 'Moottori' })).thenThrows('category.language_unknown', 'validation');
  });
});

describe('MoveCategory', () => {
  it('moves under another parent and position', () => {
    existing().when(cmd('MoveCategory', { parentId: 'c-2', position: 4 })).then([ev('CategoryMoved', { parentId: 'c-2', position: 4 })]);
  });

  it('moves to another position under the same parent, and back to the root', () => {
    existing().when(cmd('MoveCategory', { parentId: null, position: 1 })).then([ev('CategoryMoved', { parentId: null, position: 1 })]);
    category
      .given([created({ parentId: 'c-2' })])
      .when(cmd('MoveCategory', { parentId: null, position: 0 }))
      .then([ev('CategoryMoved', { parentId: null, position: 0 })]);
  });

  it('decides nothing for an unchanged move', () => {
    existing().when(cmd('MoveCategory', { parentId: null, position: 0 })).then([]);
    category
      .given([created(), ev('CategoryMoved', { parentId: 'c-2', position: 4 })])
      .when(cmd('MoveCategory', { parentId: 'c-2', position: 4 }))
      .then([]);
  });

  it('rejects moving under itself', () => {
    existing().when(cmd('MoveCategory', { parentId: ID, position: 0 })).thenThrows('category.own_parent', 'validation');
  });

  it('rejects a negative position', () => {
    existing().when(cmd('MoveCategory', { parentId: null, position: -1 })).thenThrows('category.position_invalid', 'validation');
  });

  it('refuses a move under its own child (a cycle)', () => {
    // c-1 > c-2: moving c-1 under c-2 would make c-1 its own grandparent.
    existing().when(cmd('MoveCategory', { parentId: 'c-2', position: 0, parentAncestorIds: ['c-2', ID] })).thenThrows('category.cycle', 'validation');
  });

  it('refuses a move under a deeper descendant (a cycle through several levels)', () => {
    category
      .given([created({ parentId: 'c-root' })])
      .when(cmd('MoveCategory', { parentId: 'c-4', position: 2, parentAncestorIds: ['c-4', 'c-3', 'c-2', ID, 'c-root'] }))
      .thenThrows('category.cycle', 'validation');
  });

  it('moves under a category of another branch (no cycle)', () => {
    existing()
      .when(cmd('MoveCategory', { parentId: 'c-5', position: 1, parentAncestorIds: ['c-5', 'c-6'] }))
      .then([ev('CategoryMoved', { parentId: 'c-5', position: 1 })]);
  });

  it('moving to the root level never makes a cycle', () => {
    category
      .given([created({ parentId: 'c-2' })])
      .when(cmd('MoveCategory', { parentId: null, position: 0, parentAncestorIds: [ID] }))
      .then([ev('CategoryMoved', { parentId: null, position: 0 })]);
  });
});

describe('HideCategory / ShowCategory', () => {
  it('hides a shown category', () => {
    existing().when(cmd('HideCategory', {})).then([ev('CategoryHidden', {})]);
  });

  it('hiding a hidden category decides nothing', () => {
    category.given([created(), ev('CategoryHidden', {})]).when(cmd('HideCategory', {})).then([]);
  });

  it('shows a hidden category', () => {
    category.given([created(), ev('CategoryHidden', {})]).when(cmd('ShowCategory', {})).then([ev('CategoryShown', {})]);
  });

  it('showing a shown category decides nothing', () => {
    existing().when(cmd('ShowCategory', {})).then([]);
    category.given([created(), ev('CategoryHidden', {}), ev('CategoryShown', {})]).when(cmd('ShowCategory', {})).then([]);
  });
});

describe('ChangeCategorySearchKeywords', () => {
  it('sets keywords per language (trimmed)', () => {
    existing()
      .when(cmd('ChangeCategorySearchKeywords', { language: 'et', keywords: ' mootor, õli ' }))
      .then([ev('CategorySearchKeywordsChanged', { language: 'et', keywords: 'mootor, õli' })]);
  });

  it('changing et keeps en', () => {
    category
      .given([created(), ev('CategorySearchKeywordsChanged', { language: 'en', keywords: 'engine' }), ev('CategorySearchKeywordsChanged', { language: 'et', keywords: 'mootor' })])
      .when(cmd('ChangeCategorySearchKeywords', { language: 'en', keywords: 'engine' }))
      .then([]);
  });

  it('decides nothing for the same keywords; clearing them is a change', () => {
    existing().when(cmd('ChangeCategorySearchKeywords', { language: 'en', keywords: '  ' })).then([]);
    category
      .given([created(), ev('CategorySearchKeywordsChanged', { language: 'en', keywords: 'engine' })])
      .when(cmd('ChangeCategorySearchKeywords', { language: 'en', keywords: '' }))
      .then([ev('CategorySearchKeywordsChanged', { language: 'en', keywords: '' })]);
  });

  it('rejects keywords over 1000 characters and an unknown language', () => {
    existing().when(cmd('ChangeCategorySearchKeywords', { language: 'en', keywords: 'k'.repeat(1001) })).thenThrows('category.keywords_too_long', 'validation');
    existing().when(cmd('ChangeCategorySearchKeywords', { language: 'fi' as Language, keywords: 'moottori' })).thenThrows('category.language_unknown', 'validation');
  });
});

describe('ChangeCategoryClassName (spec 3 className)', () => {
  it('sets the class per language (trimmed), decides nothing for the same one, and clears it with null or blanks', () => {
    existing().when(cmd('ChangeCategoryClassName', { className: { et: ' ratas ', en: 'wheel' } })).then([ev('CategoryClassNameChanged', { className: { et: 'ratas', en: 'wheel' } })]);
    const withClass = () => category.given([created(), ev('CategoryClassNameChanged', { className: { et: 'ratas', en: 'wheel' } })]);
    withClass().when(cmd('ChangeCategoryClassName', { className: { et: 'ratas', en: 'wheel' } })).then([]);
    withClass().when(cmd('ChangeCategoryClassName', { className: null })).then([ev('CategoryClassNameChanged', { className: null })]);
    withClass().when(cmd('ChangeCategoryClassName', { className: { et: ' ', en: '' } })).then([ev('CategoryClassNameChanged', { className: null })]);
    existing().when(cmd('ChangeCategoryClassName', { className: null })).then([]);
  });

  it('rejects a class name over 100 characters', () => {
    existing().when(cmd('ChangeCategoryClassName', { className: { et: 'x'.repeat(101), en: 'x' } })).thenThrows('category.class_name_too_long', 'validation');
  });
});

describe('DeleteCategory', () => {
  it('deletes a category', () => {
    existing().when(cmd('DeleteCategory', {})).then([ev('CategoryDeleted', {})]);
    existing().when(cmd('DeleteCategory', { childCount: 0, productCount: 0 })).then([ev('CategoryDeleted', {})]);
  });

  it('refuses a category with subcategories', () => {
    existing().when(cmd('DeleteCategory', { childCount: 2, productCount: 0 })).thenThrows('category.has_children', 'illegal_state');
  });

  it('refuses a category with products filed under it', () => {
    existing().when(cmd('DeleteCategory', { childCount: 0, productCount: 1 })).thenThrows('category.has_products', 'illegal_state');
  });

  const afterDelete: CategoryCommand[] = [
    cmd('RenameCategory', { language: 'et', name: 'Uus' }),
    cmd('MoveCategory', { parentId: null, position: 2 }),
    cmd('HideCategory', {}),
    cmd('ShowCategory', {}),
    cmd('ChangeCategorySearchKeywords', { language: 'et', keywords: 'x' }),
    cmd('DeleteCategory', {}),
  ];
  it.each(afterDelete.map((c) => [c.type, c] as const))('%s after delete is rejected with category.deleted', (_, command) => {
    category.given([created(), ev('CategoryDeleted', {})]).when(command).thenThrows('category.deleted', 'illegal_state');
  });

  it('CreateCategory after delete is rejected (the id stays taken)', () => {
    category
      .given([created(), ev('CategoryDeleted', {})])
      .when(cmd('CreateCategory', { parentId: null, names: { et: 'Mootor' } }))
      .thenThrows('category.already_exists', 'illegal_state');
  });
});

describe('commands on a category that does not exist', () => {
  const commands: CategoryCommand[] = [
    cmd('RenameCategory', { language: 'et', name: 'Uus' }),
    cmd('MoveCategory', { parentId: null, position: 2 }),
    cmd('HideCategory', {}),
    cmd('ShowCategory', {}),
    cmd('ChangeCategorySearchKeywords', { language: 'et', keywords: 'x' }),
    cmd('DeleteCategory', {}),
  ];
  it.each(commands.map((c) => [c.type, c] as const))('%s is rejected with category.not_found', (_, command) => {
    category.when(command).thenThrows('category.not_found', 'not_found');
  });
});
