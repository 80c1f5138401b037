/**
 * The category tree as the editor shows it (spec 3 "Category"): children per parent in the storefront's order
 * (position, then the Estonian name), parents, paths and subtrees. Pure apart from the memo hook.
 */
import { useMemo } from 'react';
import type { AdminCategory } from '../../../../../api/contracts/admin-categories';
import type { Language } from '../../../lib/language';

/** The top level's key in `children` (and the parent select's value for "top level"). */
export const ROOT = '';

/** The category's name in `lang`, else the other language's. */
export const nameOf = (c: AdminCategory, lang: Language) => c.name[lang] || c.name.et || c.name.en;

/** The tree's structure: children per parent id ('' the top level) in the storefront's order, parents by id. */
export function useTree(categories: AdminCategory[]) {
  return useMemo(() => {
    const byId = new Map(categories.map((c) => [c.id, c]));
    const children = new Map<string, AdminCategory[]>();
    for (const c of categories) {
      const parent = c.parent_id && byId.has(c.parent_id) ? c.parent_id : ROOT;
      children.set(parent, [...(children.get(parent) ?? []), c]);
    }
    for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.name.et.localeCompare(b.name.et, 'et'));
    const parentOf = (id: string) => {
      const p = byId.get(id)?.parent_id;
      return p && byId.has(p) ? p : ROOT;
    };
    /** The category and its ancestors, root first. */
    const pathOf = (id: string): AdminCategory[] => {
      const out: AdminCategory[] = [];
      for (let c = byId.get(id); c && out.length < 64; c = c.parent_id ? byId.get(c.parent_id) : undefined) out.unshift(c);
      return out;
    };
    /** The ids in the subtree of `id` (itself included). */
    const subtree = (id: string): Set<string> => {
      const out = new Set<string>([id]);
      const walk = (p: string) => {
        for (const c of children.get(p) ?? []) if (!out.has(c.id)) (out.add(c.id), walk(c.id));
      };
      walk(id);
      return out;
    };
    return { byId, children, parentOf, pathOf, subtree };
  }, [categories]);
}

/** What `useTree` answers. */
export type CategoryTree = ReturnType<typeof useTree>;
