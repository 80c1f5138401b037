/**
 * What Save sends (spec 4 "Editor": "Save saves the page, then the global fields and global item containers in
 * parallel, reloads the page and containers"; spec 7 calls), worked out from the editor's state without I/O:
 *
 * 1. `page`: POST /v1/page with `pageId` and the `version` the backup read, the whole draft (both languages: the
 *    server stores the document as sent) with the edited language's content, title and page item containers and the
 *    settings; only when a page field or the settings are unsaved.
 * 2. `fields`: POST /v1/field-bulk `{ content, version }`, each edited global field with both languages (the other
 *    language from the backup, so it is kept); `containers`: POST /v1/item-container `{ itemContainers, version }`,
 *    each container with an edited item, whole (the server replaces a container's item list).
 *    Both write the one `site` stream and its version check, so when both have changes the provider sends the
 *    containers after the fields with the version the fields' save answered (`sequential`): sent side by side with
 *    one version, the second would always be refused as stale. With one of them, it is the step by itself.
 * 3. `schedule`: POST /v1/admin/pages/{id}/schedule `{ visibility, version }` when the visibility rule changed, after
 *    the page save (its version).
 *
 * Field keys (lib/editable/editable.tsx): `page.content`, `page.title`, `page-container.{name}.{itemId}`,
 * `global.{name}`, `container.{name}.{itemId}`; a container name holds no '.', an item id may.
 */
import type { PageSaveBody } from '../../../../api/contracts/pages-admin';
import type { FieldKey } from '../../lib/editable/editable';
import { type Backup, type ItemContainers, isPageField, type Localized, type Session } from './editor-state';

export interface SavePlan {
  page: PageSaveBody | null;
  fields: { content: Record<string, Localized>; version: number } | null;
  containers: { itemContainers: ItemContainers; version: number } | null;
  /** The containers wait for the fields' save (both change the `site` stream). */
  sequential: boolean;
  schedule: { visibility: NonNullable<Session['settings']>['visibility'] } | null;
}

/** `container.{name}.{itemId}` / `page-container.{name}.{itemId}` -> name and item id; null for another key. */
export function containerItemOf(field: FieldKey): { scope: 'page' | 'global'; name: string; itemId: string } | null {
  const m = /^(page-container|container)\.([^.]+)\.(.+)$/.exec(field);
  return m ? { scope: m[1] === 'page-container' ? 'page' : 'global', name: m[2]!, itemId: m[3]! } : null;
}

/** `containers` with the edited items' HTML in `lang` replaced; only the containers touched, each whole. */
function editedContainers(containers: ItemContainers, edits: Array<[FieldKey, string]>, scope: 'page' | 'global', lang: keyof Localized): ItemContainers {
  const out: ItemContainers = {};
  for (const [field, value] of edits) {
    const item = containerItemOf(field);
    if (!item || item.scope !== scope) continue;
    const items = out[item.name] ?? (containers[item.name] ?? []).map((i) => ({ id: i.id, html: { ...i.html } }));
    const existing = items.find((i) => i.id === item.itemId);
    if (existing) existing.html = { ...existing.html, [lang]: value };
    else items.push({ id: item.itemId, html: { et: '', en: '', [lang]: value } });
    out[item.name] = items;
  }
  return out;
}

/** The calls Save makes for `session` (see the module). */
export function savePlan(session: Pick<Session, 'backup' | 'edits' | 'settings' | 'unsaved' | 'settingsUnsaved'>): SavePlan {
  const { backup, edits, settings } = session;
  const lang = backup.lang;
  const unsaved = session.unsaved.map((f) => [f, edits[f]] as const).filter((e): e is readonly [FieldKey, string] => e[1] !== undefined).map(([f, v]) => [f, v] as [FieldKey, string]);
  const pageEdits = unsaved.filter(([f]) => isPageField(f));
  const globalEdits = unsaved.filter(([f]) => !isPageField(f));

  let page: PageSaveBody | null = null;
  let schedule: SavePlan['schedule'] = null;
  if (backup.page && (pageEdits.length > 0 || session.settingsUnsaved)) {
    page = pageBody(backup, edits, settings, pageEdits);
    const visibility = settings?.visibility ?? null;
    if (JSON.stringify(visibility) !== JSON.stringify(backup.page.settings.visibility)) schedule = { visibility };
    // Only the visibility changed: no new draft revision, just the schedule.
    if (pageEdits.length === 0 && sameDoc(page, backup)) page = null;
  }

  const fieldEdits = globalEdits.filter(([f]) => f.startsWith('global.'));
  const fields = fieldEdits.length
    ? {
        content: Object.fromEntries(
          fieldEdits.map(([f, v]) => {
            const name = f.slice('global.'.length);
            return [name, { ...(backup.globals.fields[name] ?? { et: '', en: '' }), [lang]: v }];
          }),
        ),
        version: backup.globals.version,
      }
    : null;
  const itemContainers = editedContainers(backup.globals.itemContainers, globalEdits, 'global', lang);
  const containers = Object.keys(itemContainers).length ? { itemContainers, version: backup.globals.version } : null;
  return { page, fields, containers, sequential: !!fields && !!containers, schedule };
}

function pageBody(backup: Backup, edits: Session['edits'], settings: Session['settings'], pageEdits: Array<[FieldKey, string]>): PageSaveBody {
  const page = backup.page!;
  const d = page.draft;
  const lang = backup.lang;
  const s = settings ?? { title: d.title, slug: d.slug, layout: d.layout, metaDescription: d.metaDescription, metaKeywords: d.metaKeywords, canonicalUrl: d.canonicalUrl };
  const content = edits['page.content'] !== undefined ? { ...d.content, [lang]: edits['page.content'] } : d.content;
  const title = { ...s.title, ...(edits['page.title'] !== undefined ? { [lang]: edits['page.title'].trim() } : {}) };
  return {
    pageId: page.pageId,
    version: page.settings.version,
    title,
    slug: s.slug,
    layout: s.layout,
    content,
    metaDescription: s.metaDescription,
    metaKeywords: s.metaKeywords,
    canonicalUrl: s.canonicalUrl,
    itemContainers: { ...d.itemContainers, ...editedContainers(d.itemContainers, pageEdits, 'page', lang) },
  };
}

function sameDoc(body: PageSaveBody, backup: Backup): boolean {
  const d = backup.page!.draft;
  const { pageId: _id, version: _v, ...doc } = body;
  return JSON.stringify(doc) === JSON.stringify({ title: d.title, slug: d.slug, layout: d.layout, content: d.content, metaDescription: d.metaDescription, metaKeywords: d.metaKeywords, canonicalUrl: d.canonicalUrl, itemContainers: d.itemContainers });
}
