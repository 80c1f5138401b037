/**
 * The rich-text editor of the back office (spec 4 "Editor": text fields become rich-text editors), on @tiptap/react 3.
 * Staff chunk only: imported by the in-page editor and the staff screens (PageEdit), never by a shopper's page (the
 * vendor chunk is an allow-list, web/vite.config.ts). The HTML it gives is not trusted: the server sanitises every
 * save with its allow-list (commands/page/sanitize-page-html.ts).
 *
 * Props: `value` HTML (kind html) or plain text (kind text, one paragraph, Enter does nothing); `onChange` gets the
 * editor's HTML (kind html) or text (kind text) after each change; `label` is the region's accessible name.
 */
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { useEffect } from 'react';

export interface RichTextEditorProps {
  value: string;
  onChange(value: string): void;
  label: string;
  kind?: 'html' | 'text';
  className?: string;
  autoFocus?: boolean;
}

export function RichTextEditor({ value, onChange, label, kind = 'html', className, autoFocus }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: kind === 'html' ? [StarterKit.configure({ link: { openOnClick: false } }), Image, TableKit] : [StarterKit],
    content: kind === 'html' ? value : `<p>${escapeText(value)}</p>`,
    immediatelyRender: false,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': kind === 'html' ? 'true' : 'false', class: 'rich-text-editor__surface' },
      handleKeyDown: (_view, event) => kind === 'text' && event.key === 'Enter',
    },
    onUpdate: ({ editor: e }) => onChange(kind === 'html' ? e.getHTML() : e.getText()),
  });
  // A value replaced from outside (Discard, another version loaded) resets the editor's document.
  useEffect(() => {
    if (!editor) return;
    const current = kind === 'html' ? editor.getHTML() : editor.getText();
    if (current !== value) editor.commands.setContent(kind === 'html' ? value : `<p>${escapeText(value)}</p>`, { emitUpdate: false });
  }, [editor, value, kind]);
  return <EditorContent editor={editor} className={className ?? 'rich-text-editor'} />;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
