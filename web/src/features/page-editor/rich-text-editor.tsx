/**
 * The rich-text editor of the back office (spec 4 "Editor": text fields become rich-text editors), on @tiptap/react 3.
 * Staff chunk only: imported by the in-page editor and the staff screens (PageEdit), never by a shopper's page (the
 * vendor chunk is an allow-list, web/vite.config.ts). The HTML it gives is not trusted: the server sanitises every
 * save with its allow-list (commands/page/sanitize-page-html.ts).
 *
 * Props: `value` HTML (kind html) or plain text (kind text, one paragraph, Enter does nothing); `onChange` gets the
 * editor's HTML (kind html) or text (kind text) after each change; `label` is the region's accessible name.
 *
 * Kind html has a compact toolbar (an ARIA toolbar: Tab reaches it, arrows move inside it): bold, italic, headings 2
 * and 3, bullet and numbered lists, link (a URL prompt; only http(s), mailto, tel and the shop's own paths are taken,
 * `javascript:` and every other scheme are refused with a message), image (uploaded through POST /file/create, the
 * call ProductEdit's images use; `uploadImage` replaces it) and a 3 x 3 table with a header row. Texts: the cms
 * bundle's staff texts `pageEditor.toolbar.*` (loaded with the staff chunks).
 */
import { EditorContent, type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-client';
import { uploadEditorImage } from './api/upload-image';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  value: string;
  onChange(value: string): void;
  label: string;
  kind?: 'html' | 'text';
  className?: string;
  autoFocus?: boolean;
  /** No typing (a save is running). */
  readOnly?: boolean;
  /** Uploads an image and answers its URL (default: POST /file/create?ajax=true). */
  uploadImage?: (file: File) => Promise<{ src: string; alt: string }>;
}

export function RichTextEditor({ value, onChange, label, kind = 'html', className, autoFocus, readOnly = false, uploadImage = uploadEditorImage }: RichTextEditorProps) {
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
  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);
  return (
    <div className={className ?? 'rich-text-editor'}>
      {kind === 'html' && editor && <Toolbar editor={editor} label={label} uploadImage={uploadImage} />}
      <EditorContent editor={editor} />
    </div>
  );
}

/** Schemes a link may use; anything else (javascript:, data:, vbscript: ...) is refused. */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/** The URL typed into the link prompt, trimmed, when a link may point there; null when refused. */
export function safeLinkTarget(input: string): string | null {
  // Control characters and spaces inside a scheme ("java\tscript:") are what browsers drop before reading it.
  const url = input.trim();
  const squeezed = url.replace(/[\u0000-\u0020]/g, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(squeezed) && !/^(https?|mailto|tel):/i.test(squeezed)) return null;
  return SAFE_LINK.test(url) ? url : /^www\./i.test(url) ? `https://${url}` : null;
}

function Toolbar({ editor, label, uploadImage }: { editor: Editor; label: string; uploadImage: NonNullable<RichTextEditorProps['uploadImage']> }) {
  const { t } = useTranslation('cms');
  const [message, setMessage] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();

  const link = () => {
    const current = (editor.getAttributes('link').href as string | undefined) ?? '';
    const input = window.prompt(t('pageEditor.toolbar.linkPrompt'), current);
    if (input === null) return;
    if (input.trim() === '') {
      chain().extendMarkRange('link').unsetLink().run();
      setMessage('');
      return;
    }
    const href = safeLinkTarget(input);
    if (!href) {
      setMessage(t('pageEditor.toolbar.linkRefused'));
      return;
    }
    setMessage('');
    chain().extendMarkRange('link').setLink({ href }).run();
  };

  const image = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setMessage(t('pageEditor.toolbar.uploading'));
    try {
      const { src, alt } = await uploadImage(file);
      chain().setImage({ src, alt }).run();
      setMessage('');
    } catch (error) {
      setMessage(apiErrorText(error));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  // Arrow keys move between the toolbar's buttons (ARIA toolbar pattern); Tab leaves it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
    event.preventDefault();
  };

  const button = (key: string, text: string, run: () => void, pressed?: boolean, disabled?: boolean) => (
    <button type="button" key={key} className="rich-text-toolbar__button" title={t(`pageEditor.toolbar.${key}`)} aria-label={t(`pageEditor.toolbar.${key}`)} aria-pressed={pressed} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      <span aria-hidden="true">{text}</span>
    </button>
  );

  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('pageEditor.toolbar.label', { label })} onKeyDown={onKeyDown}>
      {button('bold', 'B', () => chain().toggleBold().run(), active?.bold)}
      {button('italic', 'I', () => chain().toggleItalic().run(), active?.italic)}
      {button('heading2', 'H2', () => chain().toggleHeading({ level: 2 }).run(), active?.h2)}
      {button('heading3', 'H3', () => chain().toggleHeading({ level: 3 }).run(), active?.h3)}
      {button('bulletList', '•', () => chain().toggleBulletList().run(), active?.bullets)}
      {button('orderedList', '1.', () => chain().toggleOrderedList().run(), active?.numbers)}
      {button('link', '🔗', link, active?.link)}
      {button('image', '🖼', () => fileInput.current?.click(), undefined, uploading)}
      {button('table', '▦', () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), active?.table)}
      <input ref={fileInput} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={(e) => void image(e.target.files?.[0])} />
      <span className="rich-text-toolbar__message" role="status">
        {message}
      </span>
    </div>
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
