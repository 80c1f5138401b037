/**
 * Editable regions of the storefront (spec 4 "Editor", spec 6 "staff editing tools"): the seam between the pages that
 * show content (layouts, footer, banner) and the in-page editor (features/page-editor, a staff-only lazy chunk).
 *
 * A page or the footer renders its content through `EditableHtml` / `EditableText` with a field key. For a shopper (no
 * `EditingContext` provider, or one that is not editing) they render the server's value and nothing else: no editor
 * code is imported here, so a shopper's page never loads a byte of the editor. While a staff member with
 * `pages.edit` edits, the provider (features/page-editor/page-editor-provider.tsx, mounted by `EditingRoot`) renders
 * an in-place editor for the key instead.
 *
 * Field keys:
 * - `page.content`, `page.title`: the current page's draft content and title in the route's language;
 * - `global.{name}`: a global field (spec 3 "Field store": footer shop name, address, phone, e-mail, social links,
 *   terms link, gallery link, banner text), e.g. `global.footerAddress`;
 * - `container.{name}.{itemId}`: an item of a global item container; `page-container.{name}.{itemId}`: an item of the
 *   current page's own item containers.
 */
import { createContext, type ElementType, type ReactNode, useContext, useEffect } from 'react';

export type FieldKey = 'page.content' | 'page.title' | `global.${string}` | `container.${string}.${string}` | `page-container.${string}.${string}`;

/** What an editable region asks of the editor; `kind` html = rich text (sanitised by the server on save), text = one line. */
export interface EditorRequest {
  field: FieldKey;
  kind: 'html' | 'text';
  /** The value the server sent (HTML for `html`, plain text for `text`). */
  value: string;
  /** Accessible name of the region while it is edited, in the user's language. */
  label: string;
  as: ElementType;
  className?: string;
  /** The region's element id (headings named by aria-labelledby keep it while edited). */
  id?: string;
}

/** Given by the page editor while staff edit; absent for everyone else. */
export interface EditingApi {
  /** True between Edit page and Save / Discard (spec 4 states editing, busy, saved). */
  editing: boolean;
  /** The in-place editor for a region (called only while `editing`). */
  renderEditor(request: EditorRequest): ReactNode;
  /**
   * Tells the editor which page the screen shows: called by every region inside a `CurrentPageContext` (the editor
   * is mounted above the routes, so it cannot read that context itself); returns the call that forgets it again.
   */
  attachPage?(page: CurrentPage): () => void;
}

export const EditingContext = createContext<EditingApi | null>(null);

/** The page the storefront shows now, for the editor bar: set by the content page route, null elsewhere. */
export interface CurrentPage {
  /** Page id (uuid) and the aggregate version its frontEdit answer was read at (a save sends it: 409 when stale). */
  pageId: string;
  version: number;
}
export const CurrentPageContext = createContext<CurrentPage | null>(null);

interface RegionProps {
  field: FieldKey;
  label: string;
  as?: ElementType;
  className?: string;
  id?: string;
}

/** Reports the region's page to the editor (staff only: nothing happens without an editor that asks). */
function useAttachPage(editing: EditingApi | null) {
  const page = useContext(CurrentPageContext);
  const attach = editing?.attachPage;
  const pageId = page?.pageId;
  const version = page?.version;
  useEffect(() => (attach && pageId !== undefined && version !== undefined ? attach({ pageId, version }) : undefined), [attach, pageId, version]);
}

/** Rich-text region: sanitised HTML from the server (never shopper input), or its in-place editor while editing. */
export function EditableHtml({ field, html, label, as: Tag = 'div', className, id }: RegionProps & { html: string }) {
  const editing = useContext(EditingContext);
  useAttachPage(editing);
  if (editing?.editing) return <>{editing.renderEditor({ field, kind: 'html', value: html, label, as: Tag, className, id })}</>;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** One-line text region (a title, a phone number), or its in-place editor while editing. */
export function EditableText({ field, text, label, as: Tag = 'span', className, id }: RegionProps & { text: string }) {
  const editing = useContext(EditingContext);
  useAttachPage(editing);
  if (editing?.editing) return <>{editing.renderEditor({ field, kind: 'text', value: text, label, as: Tag, className, id })}</>;
  return (
    <Tag id={id} className={className}>
      {text}
    </Tag>
  );
}
