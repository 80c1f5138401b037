/**
 * The page settings panel's props and value (./page-settings-panel.tsx re-exports them: the contract the in-page
 * editor and PageEdit use), apart so the tabs can name them without an import cycle.
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

/** The settings a page's draft and rule give (the panel's value when editing starts or after a reload). */
export function settingsOf(page: PageEdit): PageSettingsValue {
  const d = page.draft;
  return { title: d.title, slug: d.slug, layout: d.layout, metaDescription: d.metaDescription, metaKeywords: d.metaKeywords, canonicalUrl: d.canonicalUrl, visibility: page.settings.visibility };
}

