/**
 * The images of ProductEdit (product images; spec 5 "Uploads"): a controlled field `{ value, onChange }` whose
 * value is the product's `images` in order (domain/file/image-ref.ts: `/files/{id}` for an uploaded file, an http(s)
 * URL for an imported one).
 *
 * - Upload: a button opening the file picker (several files at once) or files dropped on the drop zone; one upload
 *   at a time through POST /file/create (api/upload-image.ts), each with its progress; a finished upload is added at
 *   the end. The server decides the type by the bytes and answers spec 5's messages (too big, not an image) in the
 *   screen's language, shown beside the file until dismissed. More files than `max` - value - running uploads: the
 *   excess is not sent, with 'You can upload at most {limit} files'.
 * - Choose from files: the file picker (lib/staff/file-picker-slot.ts, the finder's dialog in image-only mode, at most
 *   the room left) adds the chosen uploaded images at the end, each once.
 * - Thumbnails (the 160 px rendition), each with buttons to move it earlier or later and to remove it; focus stays
 *   on the moved image's button, and a polite live region says where it went.
 */
import { ArrowLeft, ArrowRight, FolderOpen, ImagePlus, Trash2, X } from 'lucide-react';
import { type DragEvent, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { MAX_PRODUCT_IMAGES } from '../../../../../api/contracts/files';
import { imageSources } from '../../../../../domain/file/image-ref';
import { useRouteLanguage } from '../../../lib/language';
import { useFilePicker } from '../../../lib/staff/file-picker-slot';
import { uploadProductImage } from '../api/upload-image';
import './product-images-field.css';

export interface ProductImagesFieldProps {
  value: string[];
  onChange(next: string[]): void;
  /** Id of the field's root (labels may point at it). */
  id?: string;
  /** Read-only (no products.edit): thumbnails only. */
  disabled?: boolean;
  /** Most images a product takes (spec 5 "At most {limit} files"). */
  max?: number;
}

interface Upload {
  key: string;
  name: string;
  /** Share of the bytes sent, 0-1. */
  progress: number;
  error: string | null;
}

let uploadSerial = 0;

export function ProductImagesField({ value, onChange, id = 'product-images', disabled = false, max = MAX_PRODUCT_IMAGES }: ProductImagesFieldProps) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const [picking, setPicking] = useState(false);
  const FilePicker = useFilePicker();
  const [focus, setFocus] = useState<{ ref: string; action: 'earlier' | 'later' | 'remove' } | { ref: null; action: 'add' } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // The latest value and onChange: uploads finish after renders the closure did not see.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const queue = useRef<Promise<void>>(Promise.resolve());
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    aborter.current = controller;
    return () => controller.abort();
  }, []);

  // Keeps the keyboard where it was after a move or a removal.
  useEffect(() => {
    if (!focus || !root.current) return;
    const buttons = focus.ref === null ? [] : [...root.current.querySelectorAll<HTMLButtonElement>(`[data-image-ref="${CSS.escape(focus.ref)}"] button`)];
    const wanted = buttons.find((b) => b.dataset.action === focus.action && !b.disabled) ?? buttons.find((b) => !b.disabled);
    (wanted ?? root.current.querySelector<HTMLButtonElement>('[data-action="add"]'))?.focus();
    setFocus(null);
  }, [focus]);

  const update = (next: string[]) => {
    latest.current.value = next;
    latest.current.onChange(next);
  };

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function uploadOne(key: string, file: File) {
    try {
      const model = await uploadProductImage(file, { lang, signal: aborter.current?.signal, onProgress: (progress) => patch(key, { progress }) });
      if (!latest.current.value.includes(model.ref)) update([...latest.current.value, model.ref]);
      setUploads((list) => list.filter((u) => u.key !== key));
      setAnnouncement(t('productImages.uploaded', { name: file.name }));
    } catch (error) {
      if (aborter.current?.signal.aborted) return;
      patch(key, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  function addFiles(files: File[]) {
    setNotice(null);
    if (!files.length || disabled) return;
    const running = uploads.filter((u) => !u.error).length;
    const room = Math.max(0, max - latest.current.value.length - running);
    if (files.length > room) setNotice(t('productImages.atMost', { limit: max }));
    for (const file of files.slice(0, room)) {
      const key = `upload-${++uploadSerial}`;
      setUploads((list) => [...list, { key, name: file.name, progress: 0, error: null }]);
      queue.current = queue.current.then(() => uploadOne(key, file));
    }
  }

  function move(index: number, delta: -1 | 1) {
    const target = index + delta;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    [next[index], next[target]] = [next[target]!, next[index]!];
    update(next);
    setFocus({ ref: value[index]!, action: delta < 0 ? 'earlier' : 'later' });
    setAnnouncement(t('productImages.moved', { from: index + 1, to: target + 1, total: value.length }));
  }

  function remove(index: number) {
    const next = value.filter((_, i) => i !== index);
    update(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocus(neighbour ? { ref: neighbour, action: 'remove' } : { ref: null, action: 'add' });
    setAnnouncement(t('productImages.removed', { n: index + 1 }));
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    addFiles([...e.dataTransfer.files]);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled || ![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <div className="product-images" id={id} ref={root}>
      {value.length === 0 && uploads.length === 0 ? <p className="staff-field__hint">{t('productImages.none')}</p> : null}
      {value.length > 0 && (
        <ol className="product-images__list" aria-label={t('productImages.listLabel')}>
          {value.map((ref, i) => (
            <li key={ref} className="product-images__item" data-image-ref={ref} data-testid="product-image">
              <img src={imageSources(ref).thumbnail} alt={t('productImages.imageAlt', { n: i + 1 })} width={96} height={72} loading="lazy" decoding="async" />
              <span className="product-images__position" aria-hidden="true">
                {i + 1}
              </span>
              {!disabled && (
                <span className="product-images__actions">
                  <button type="button" className="icon-button" data-action="earlier" disabled={i === 0} aria-label={t('productImages.moveEarlier', { n: i + 1 })} title={t('productImages.moveEarlier', { n: i + 1 })} onClick={() => move(i, -1)}>
                    <ArrowLeft size={16} aria-hidden="true" />
                  </button>
                  <button type="button" className="icon-button" data-action="later" disabled={i === value.length - 1} aria-label={t('productImages.moveLater', { n: i + 1 })} title={t('productImages.moveLater', { n: i + 1 })} onClick={() => move(i, 1)}>
                    <ArrowRight size={16} aria-hidden="true" />
                  </button>
                  <button type="button" className="icon-button product-images__remove" data-action="remove" aria-label={t('productImages.remove', { n: i + 1 })} title={t('productImages.remove', { n: i + 1 })} onClick={() => remove(i)}>
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}

      {uploads.length > 0 && (
        <ul className="product-images__uploads" aria-label={t('productImages.uploads')}>
          {uploads.map((u) => (
            <li key={u.key} className={`product-images__upload${u.error ? ' has-error' : ''}`} data-testid="product-image-upload">
              <span className="product-images__upload-name">{u.name}</span>
              {u.error ? (
                <>
                  <span className="staff-field__error" role="alert">
                    {u.error}
                  </span>
                  <button type="button" className="icon-button" aria-label={t('productImages.dismiss', { name: u.name })} title={t('productImages.dismiss', { name: u.name })} onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}>
                    <X size={16} aria-hidden="true" />
                  </button>
                </>
              ) : (
                <progress max={1} value={u.progress} aria-label={t('productImages.uploading', { name: u.name })} />
              )}
            </li>
          ))}
        </ul>
      )}

      {!disabled && (
        <div className={`product-images__drop${dragging ? ' is-dragging' : ''}`} onDragOver={onDragOver} onDragEnter={onDragOver} onDragLeave={() => setDragging(false)} onDrop={onDrop} data-testid="product-images-drop">
          <ImagePlus size={20} aria-hidden="true" />
          <span>{t('productImages.dropHere')}</span>
          <button type="button" className="button" data-action="add" onClick={() => input.current?.click()}>
            {t('productImages.choose')}
          </button>
          {FilePicker ? (
            <button type="button" className="button" onClick={() => setPicking(true)} disabled={value.length >= max}>
              <FolderOpen size={16} aria-hidden="true" />
              {t('finder.fromFiles')}
            </button>
          ) : null}
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            hidden
            data-testid="product-images-input"
            onChange={(e) => {
              addFiles([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </div>
      )}
      {FilePicker && picking ? (
        <Suspense fallback={null}>
          <FilePicker
            open
            imagesOnly
            atMost={Math.max(1, max - latest.current.value.length)}
            onClose={() => setPicking(false)}
            onPick={(files) => {
              const refs = files.map((f) => f.ref).filter((ref) => !latest.current.value.includes(ref));
              if (refs.length) {
                update([...latest.current.value, ...refs].slice(0, max));
                setAnnouncement(t('finder.picker.added', { count: refs.length }));
              }
            }}
          />
        </Suspense>
      ) : null}
      {notice && (
        <p className="staff-field__error" role="alert">
          {notice}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
