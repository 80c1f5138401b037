/**
 * Where the in-page editor joins the storefront (spec 4 "Editor", spec 6 "Logged-in staff ... get ... editing
 * tools"): wraps the shop's layout in an `EditingContext` and, for a signed-in staff user who may `pages.edit`, loads
 * the editor (features/page-editor/page-editor-provider.tsx, a staff-only chunk with tiptap) and renders it beside
 * the page. The editor gives this root its `EditingApi` through `onApi`.
 *
 * A shopper imports nothing: the staff check is `useStorefrontStaff` (no call at all without the browser's staff
 * hint) and the editor's module is only asked for by `load`, which app/ passes in (app/ composes features: lib/ and
 * the editor do not import the page settings feature, app/routes/root-layout.tsx hands both over). The wrapper is the
 * same element before and after the editor loads, so loading it never remounts the page.
 */
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { hasPermission } from '../staff/session';
import { useStorefrontStaff } from '../staff/storefront';
import { type EditingApi, EditingContext } from './editable';

/** What the loaded editor takes: where to hand its api, plus whatever app/ composes into it (`extra`). */
export interface EditorHostProps<Extra> {
  onApi(api: EditingApi | null): void;
  extra: Extra;
}

export interface EditingRootProps<Extra> {
  children: ReactNode;
  /** Loads the editor component (a dynamic import: its own chunk). */
  load: () => Promise<ComponentType<EditorHostProps<Extra>>>;
  /** Passed to the editor as it is (the page settings panel, lazily loaded). */
  extra: Extra;
}

/** The permission that shows the editor (spec 6; domain/user/permissions.ts). */
export const EDIT_PERMISSION = 'pages.edit';

export function EditingRoot<Extra>({ children, load, extra }: EditingRootProps<Extra>) {
  const { user } = useStorefrontStaff();
  const mayEdit = hasPermission(user, EDIT_PERMISSION);
  const [Editor, setEditor] = useState<ComponentType<EditorHostProps<Extra>> | null>(null);
  const [api, setApi] = useState<EditingApi | null>(null);
  useEffect(() => {
    if (!mayEdit) {
      setApi(null);
      return undefined;
    }
    let live = true;
    load().then(
      (component) => live && setEditor(() => component),
      () => undefined, // a chunk that fails to load leaves the page as a shopper sees it
    );
    return () => {
      live = false;
    };
  }, [mayEdit, load]);
  return (
    <EditingContext.Provider value={mayEdit ? api : null}>
      {children}
      {mayEdit && Editor && <Editor onApi={setApi} extra={extra} />}
    </EditingContext.Provider>
  );
}
