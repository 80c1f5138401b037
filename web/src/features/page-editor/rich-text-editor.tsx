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
 * call ProductEdit's images use; `uploadImage` replaces it), image from files (the file picker of
 * lib/staff/file-picker-slot.ts in image-only, single-file mode, when app/ provides it: the 640 px rendition with the
 * caption as its alternative text) and a 3 x 3 table with a header row. Texts: the cms
 * bundle's staff texts `pageEditor.toolbar.*` (loaded with the staff chunks).
 */
import { EditorContent, type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { type KeyboardEvent, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { apiErrorText } from '../../lib/api-client';
import { useFilePicker } from '../../lib/staff/file-picker-slot';
import { uploadEditorImage } from './api/upload-image';
import { safeLinkTarget } from './link-target';
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

function Toolbar({ editor, label, uploadImage }: { editor: Editor; label: string; uploadImage: NonNullable<RichTextEditorProps['uploadImage']> }) {
  const { t } = useTranslation('cms');
  const [message, setMessage] = useState('');
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const FilePicker = useFilePicker();
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

  const button = (key: string, text: string, run: () => void, pressed?: boolean, disabled?: boolean) => {
    const icon = ICONS[key];
    const name = t(`pageEditor.toolbar.${key}`);
    // A visible label of letters or digits (H2, 1.) is part of the accessible name (WCAG 2.5.3 label in name).
    const label = /\d|\w\w/.test(text) ? `${text} ${name}` : name;
    return (
      <button type="button" key={key} className="rich-text-toolbar__button" title={name} aria-label={label} aria-pressed={pressed} disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={run}>
        {icon ? (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d={icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : (
          <span aria-hidden="true">{text}</span>
        )}
      </button>
    );
  };

  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('pageEditor.toolbar.label', { label })} onKeyDown={onKeyDown}>
      {button('bold', 'B', () => chain().toggleBold().run(), active?.bold)}
      {button('italic', 'I', () => chain().toggleItalic().run(), active?.italic)}
      {button('heading2', 'H2', () => chain().toggleHeading({ level: 2 }).run(), active?.h2)}
      {button('heading3', 'H3', () => chain().toggleHeading({ level: 3 }).run(), active?.h3)}
      {button('bulletList', '•', () => chain().toggleBulletList().run(), active?.bullets)}
      {button('orderedList', '1.', () => chain().toggleOrderedList().run(), active?.numbers)}
      {button('link', '', link, active?.link)}
      {button('image', '', () => fileInput.current?.click(), undefined, uploading)}
      {FilePicker ? (
        <button type="button" key="imageFromFiles" className="rich-text-toolbar__button" title={t('finder.imageFromFiles')} aria-label={t('finder.imageFromFiles')} onMouseDown={(e) => e.preventDefault()} onClick={() => setPicking(true)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d={FROM_FILES_ICON} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      ) : null}
      {button('table', '', () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), active?.table)}
      <input ref={fileInput} type="file" accept="image/*" hidden tabIndex={-1} aria-hidden="true" onChange={(e) => void image(e.target.files?.[0])} />
      <span className="rich-text-toolbar__message" role="status">
        {message}
      </span>
      {FilePicker && picking ? (
        <Suspense fallback={null}>
          <FilePicker
            open
            imagesOnly
            single
            title={t('finder.imageFromFiles')}
            onClose={() => setPicking(false)}
            onPick={([file]) => {
              if (file?.url) chain().setImage({ src: file.url, alt: file.caption || file.name }).run();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Stroke icons (24 x 24) of the buttons without a letter label: link, image, table. */
const ICONS: Record<string, string> = {
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5a1.5 1.5 0 1 0 0-.01',
  table: 'M3 4h18v16H3zM3 10h18M3 15h18M9 4v16M15 4v16',
};

/** A folder with an image: the file picker's button. */
const FROM_FILES_ICON = 'M3 6h6l2 2h10v11H3zM8 16l3-3 2 2 2-2 3 3';

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
