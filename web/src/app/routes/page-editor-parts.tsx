/**
 * The in-page editor with the page settings panel composed into it (spec 4 "Editor": Page settings open from the
 * editor bar). One feature does not import another, so app/ joins them; this module is itself the editor's lazy
 * chunk (root-layout.tsx loads it through EditingRoot only for staff who may edit), and the panel is a further lazy
 * chunk opened from the bar. Loading the panel from here rather than from root-layout keeps the shop's first chunk
 * whole: a dynamic import of it from the first chunk made the bundler split the modules both share into many small
 * chunks that every shopper then loads.
 */
import { lazy } from 'react';
import { PageEditorProvider } from '../../features/page-editor/page-editor-provider';
import type { EditorHostProps } from '../../lib/editable/editing-root';
import { provideFilePicker } from '../../lib/staff/file-picker-slot';

// The rich-text editor's "image from files" (lib/staff/file-picker-slot.ts): the finder's picker, a further lazy chunk.
provideFilePicker(lazy(() => import('../../features/finder/file-picker').then((m) => ({ default: m.FilePickerDialog }))));
const PageSettingsPanel = lazy(() => import('../../features/page-settings/page-settings-panel').then((m) => ({ default: m.PageSettingsPanel })));
const parts = { SettingsPanel: PageSettingsPanel };

export function ComposedPageEditor({ onApi }: EditorHostProps<null>) {
  return <PageEditorProvider onApi={onApi} extra={parts} />;
}
