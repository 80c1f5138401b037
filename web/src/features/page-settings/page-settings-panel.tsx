/**
 * Page settings (spec 2 "page settings", spec 4 "Editor", spec 5 "URL slug", "meta guidance"): tabs Meta (first),
 * Visibility and Versions, shared by the in-page editor (features/page-editor) and PageEdit (/admin/page/edit/{id}).
 * A controlled component: the host holds the page's draft settings and saves them with its own Save (spec 4: Save
 * saves the page and closes the editor and settings; Cancel restores the backup and closes settings). Restoring a
 * version is its own command (POST /v1/admin/pages/{id}/restore): the panel runs it and calls `onRestored` so the host
 * reloads the page.
 *
 * Staff chunk only (imported lazily by the editor and by the staff app).
 */
import type { Language } from '../../../../api/contracts/catalog';
import type { PageEdit } from '../../../../api/contracts/pages-admin';

export type PageDraft = PageEdit['draft'];
export type PageVisibility = PageEdit['settings']['visibility'];

/** What the panel edits: the draft's settings fields and the visibility rule (null = always visible). */
export interface PageSettingsValue {
  title: PageDraft['title'];
  slug: PageDraft['slug'];
  layout: string;
  metaDescription: PageDraft['metaDescription'];
  metaKeywords: PageDraft['metaKeywords'];
  canonicalUrl: string;
  visibility: PageVisibility;
}

export interface PageSettingsPanelProps {
  /** The page as its frontEdit answer gave it (versions, settings.version for the restore's stale check). */
  page: PageEdit;
  /** The language of the texts shown first (the route's). */
  lang: Language;
  value: PageSettingsValue;
  onChange(value: PageSettingsValue): void;
  onClose(): void;
  /** A version was restored: the host reloads the page (its draft and version changed). */
  onRestored(): void;
}

export function PageSettingsPanel(props: PageSettingsPanelProps) {
  // Built by the page settings screens: tabs Meta, Visibility, Versions.
  return (
    <aside className="page-settings" aria-label="Page settings">
      <button type="button" onClick={props.onClose}>
        ×
      </button>
    </aside>
  );
}
