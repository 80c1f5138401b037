/** Helpers over the category tree of GET /v1/categories (spec 3 "Category"). */
import type { CategoryNode, Language } from '../../../../../api/contracts/catalog';
import { collatorFor } from './collators';

/** Visible children in display order: position, then name. */
export function visibleChildren(nodes: CategoryNode[], lang: Language): CategoryNode[] {
  // The collator only for a tie of positions: its first use loads ICU's collation data (10-20 ms in a browser).
  return nodes.filter((n) => !n.hidden).sort((a, b) => a.position - b.position || collatorFor(lang, 'names').compare(categoryName(a, lang), categoryName(b, lang)));
}

export function categoryName(node: CategoryNode, lang: Language): string {
  return node.name[lang] || node.name.et || node.name.en;
}

/** The path from a root to the category with `id` (both ends included), or [] when it is not in the tree. */
export function findCategoryPath(nodes: CategoryNode[], id: string): CategoryNode[] {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = findCategoryPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** Spec 9 category URLs ("/et/filtrid/olifiltrid"), compared without a trailing slash and case-insensitively. */
function normalisePath(p: string): string {
  let decoded = p;
  try {
    decoded = decodeURIComponent(p);
  } catch {
    /* a stray '%' (/et/50%): compared as typed, so it finds nothing and shows the not-found page */
  }
  return decoded.replace(/\/+$/, '').toLowerCase();
}

/**
 * The category whose URL (in either language) is `pathname`, or undefined. Several categories can share the last 3
 * names; the first in tree order wins, as the server builds the same URLs.
 */
export function findCategoryByUrl(nodes: CategoryNode[], pathname: string): CategoryNode | undefined {
  const wanted = normalisePath(pathname);
  for (const node of nodes) {
    if (normalisePath(node.url.et) === wanted || normalisePath(node.url.en) === wanted) return node;
    const below = findCategoryByUrl(node.children, pathname);
    if (below) return below;
  }
  return undefined;
}
