/**
 * The album editor (spec 2 "Gallery"; spec 3 "Gallery album": name, thumbnail, image list), /admin/gallery/edit/{id}
 * (`files.view` reads, `files.edit` changes): names per language; the pictures in order, reordered by dragging a
 * row's handle or by the keyboard (@dnd-kit: Space picks up, the arrows move, Space drops, Escape cancels; announced
 * in the staff member's language) or by the earlier/later buttons; a caption per language; the thumbnail; remove;
 * add by upload (`uploadImage`, composed by app/admin: the product form's upload helper, one file at a time with its
 * progress); published or not. Save sends the whole draft with the version the screen read (PUT
 * /v1/admin/gallery/albums/{id}); a 409 shows the api's message (who saved meanwhile and when) and offers a reload,
 * as ProductEdit does. Leaving with unsaved changes asks first. The album stream's audit timeline is below.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, ExternalLink, FolderOpen, GripVertical, Images, RefreshCw, Save, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { showToast } from '../../../components/feedback/toasts';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { HistoryTimeline } from '../../../components/staff/history-timeline';
import { FormAlert } from '../../../components/staff/text-field';
import { useUnsavedChangesGuard } from '../../../components/staff/unsaved-changes';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { MAX_ALBUM_IMAGES } from '../../../../../domain/gallery/album';
import { useFilePicker } from '../../../lib/staff/file-picker-slot';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { type AdminAlbum, isAlbumChangedMeanwhile, useAlbum, useSaveAlbum } from '../api/albums';
import { type AlbumDraft, type DraftImage, moveImage, removeImage, sameDraft, shiftImage } from '../utils/album-draft';
import './admin-gallery.css';

/** One uploaded image as the upload helper answers it: its file id, name and 160 px rendition. */
export interface UploadedImage {
  id: string;
  name: string;
  thumbnail: string;
}

/** Uploads one image file (`lang`: the language of the answer's messages); rejects with ApiError carrying spec 5's message. */
export type UploadImage = (file: File, options: { lang: string; onProgress?: (share: number) => void }) => Promise<UploadedImage>;

const draftOf = (album: AdminAlbum): AlbumDraft => ({
  names: { ...album.names },
  images: album.images.map((i) => ({ fileId: i.fileId, name: i.name, thumbnail: i.thumbnail, caption: { ...i.captions } })),
  thumbnail: album.thumbnailFileId,
  published: album.published,
});

export function AlbumEditScreen({ id, uploadImage }: { id: string | undefined; uploadImage: UploadImage }) {
  const { t } = useTranslation('cms');
  const album = useAlbum(id ?? '');
  if (!id || (album.isError && album.error instanceof ApiError && (album.error.status === 404 || album.error.status === 400))) return <NotFound />;
  return (
    <section className="staff-screen album-edit" aria-labelledby="screen-title">
      {album.isPending ? <Spinner /> : null}
      {album.isError ? <FormAlert messages={[apiErrorText(album.error)]} /> : null}
      {album.data ? <AlbumEditor key={`${album.data.id}:${album.data.version}`} saved={album.data} uploadImage={uploadImage} onReload={async () => void (await album.refetch())} /> : null}
      {album.data ? null : <PageMeta title={t('galleryAdmin.title')} noindex />}
    </section>
  );
}

function AlbumEditor({ saved, uploadImage, onReload }: { saved: AdminAlbum; uploadImage: UploadImage; onReload: () => Promise<void> }) {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const base = useId();
  const session = useStaffSession();
  const canEdit = session.data ? hasPermission(session.data, 'files.edit') : false;
  const canSeeHistory = session.data ? hasPermission(session.data, 'history.view') : false;
  const initial = useMemo(() => draftOf(saved), [saved]);
  const [draft, setDraft] = useState<AlbumDraft>(initial);
  const [status, setStatus] = useState('');
  const [stale, setStale] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [uploading, setUploading] = useState<{ name: string; share: number } | null>(null);
  // The finder's picker (lib/staff/file-picker-slot.ts): images already uploaded, added without a new upload.
  const FilePicker = useFilePicker();
  const [picking, setPicking] = useState(false);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveAlbum(saved.id);
  const dirty = !sameDraft(draft, initial);
  useUnsavedChangesGuard(dirty && canEdit, t('page.unsavedChanges'));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const title = draft.names[lang] || draft.names.et || draft.names.en;

  const nameOf = (fileId: string | number) => draft.images.find((i) => i.fileId === String(fileId))?.name ?? String(fileId);
  const positionOf = (images: readonly DraftImage[], fileId: string | number) => images.findIndex((i) => i.fileId === String(fileId)) + 1;
  const moved = useRef(false);
  const announcements = useMemo((): Announcements => {
    const after = (active: string | number, over: string | number | undefined) => (over === undefined ? draft.images : moveImage(draft.images, String(active), String(over)));
    return {
      onDragStart: ({ active }) => {
        moved.current = false;
        return t('galleryAdmin.picked', { name: nameOf(active.id) });
      },
      onDragOver: ({ active, over }) => {
        // The first "over" of a drag is the picture's own place: the start's announcement already says it.
        if (over?.id === active.id && !moved.current) return undefined;
        moved.current = true;
        return t('galleryAdmin.moved', { name: nameOf(active.id), position: positionOf(after(active.id, over?.id), active.id), total: draft.images.length });
      },
      onDragEnd: ({ active, over }) => t('galleryAdmin.dropped', { name: nameOf(active.id), position: positionOf(after(active.id, over?.id), active.id) }),
      onDragCancel: ({ active }) => t('galleryAdmin.cancelled', { name: nameOf(active.id) }),
    };
  }, [draft, t]); // eslint-disable-line react-hooks/exhaustive-deps

  const setImages = (images: DraftImage[], moved?: string) => {
    setDraft((d) => ({ ...d, images }));
    if (moved) setStatus(t('galleryAdmin.moved', { name: nameOf(moved), position: positionOf(images, moved), total: images.length }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) setImages(moveImage(draft.images, String(active.id), String(over.id)));
  };
  const setCaption = (fileId: string, l: 'et' | 'en', value: string) =>
    setDraft((d) => ({ ...d, images: d.images.map((i) => (i.fileId === fileId ? { ...i, caption: { ...i.caption, [l]: value } } : i)) }));

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setUploadErrors([]);
    for (const file of files) {
      setUploading({ name: file.name, share: 0 });
      try {
        const uploaded = await uploadImage(file, { lang, onProgress: (share) => setUploading({ name: file.name, share }) });
        setDraft((d) => (d.images.some((i) => i.fileId === uploaded.id) ? d : { ...d, images: [...d.images, { fileId: uploaded.id, name: uploaded.name, thumbnail: uploaded.thumbnail, caption: { et: '', en: '' } }] }));
      } catch (error) {
        setUploadErrors((e) => [...e, t('galleryAdmin.uploadFailed', { name: file.name, error: apiErrorText(error) })]);
      }
    }
    setUploading(null);
  };

  const onSave = () => {
    setStale(null);
    setProblems([]);
    save.mutate(
      {
        version: saved.version,
        names: draft.names,
        images: draft.images.map((i) => ({ fileId: i.fileId, caption: i.caption })),
        thumbnail: draft.thumbnail,
        published: draft.published,
      },
      {
        onSuccess: () => showToast('success', t('galleryAdmin.saved')),
        onError: (error) => {
          if (isAlbumChangedMeanwhile(error)) return setStale(apiErrorText(error));
          const items = error instanceof ApiError ? ((error.body as { errors?: { message?: unknown }[] } | undefined)?.errors ?? []) : [];
          const messages = items.flatMap((i) => (typeof i.message === 'string' ? [i.message] : []));
          setProblems(messages.length ? messages : [apiErrorText(error)]);
        },
      },
    );
  };

  return (
    <>
      <PageMeta title={t('galleryAdmin.editTitle', { name: title })} noindex />
      <div className="staff-screen__head">
        <div>
          <p className="staff-breadcrumb">
            <Link to={to('/admin/gallery')}>
              <Images size={14} aria-hidden="true" /> {t('galleryAdmin.back')}
            </Link>
          </p>
          <h1 id="screen-title">{t('galleryAdmin.editTitle', { name: title })}</h1>
        </div>
        <div className="album-edit__links">
          {saved.published ? (
            <a className="button" href={to(`/gallery/${saved.id}`)} target="_blank" rel="noopener">
              <ExternalLink size={16} aria-hidden="true" />
              {t('galleryAdmin.open')}
            </a>
          ) : null}
          {canEdit ? (
            <button type="button" className="button button--primary" onClick={onSave} disabled={!dirty || save.isPending || uploading !== null}>
              <Save size={16} aria-hidden="true" />
              {t('galleryAdmin.save')}
            </button>
          ) : null}
        </div>
      </div>

      {stale ? (
        <div className="staff-alert staff-alert--warning" role="alert">
          <p>{stale}</p>
          <button type="button" className="button" onClick={() => void onReload()}>
            <RefreshCw size={14} aria-hidden="true" />
            {t('galleryAdmin.stale')}
          </button>
        </div>
      ) : null}
      <FormAlert messages={problems} />

      <fieldset className="album-edit__names" disabled={!canEdit}>
        {(['et', 'en'] as const).map((l) => (
          <div className="staff-field" key={l}>
            <label htmlFor={`${base}-name-${l}`}>{t(l === 'et' ? 'galleryAdmin.nameEt' : 'galleryAdmin.nameEn')}</label>
            <input id={`${base}-name-${l}`} value={draft.names[l]} maxLength={120} onChange={(e) => setDraft((d) => ({ ...d, names: { ...d.names, [l]: e.target.value } }))} />
          </div>
        ))}
        <label className="album-edit__published">
          <input type="checkbox" checked={draft.published} onChange={(e) => setDraft((d) => ({ ...d, published: e.target.checked }))} />
          {t('galleryAdmin.publishedLabel')}
        </label>
      </fieldset>

      <h2>{t('galleryAdmin.images')}</h2>
      {draft.images.length === 0 ? <p className="muted">{t('galleryAdmin.noImages')}</p> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('menuEdit.instructions') } }}>
        <SortableContext items={draft.images.map((i) => i.fileId)} strategy={verticalListSortingStrategy}>
          <ol className="album-edit__images" aria-label={t('galleryAdmin.images')}>
            {draft.images.map((image, index) => (
              <ImageRow
                key={image.fileId}
                image={image}
                index={index}
                count={draft.images.length}
                canEdit={canEdit}
                isThumbnail={(draft.thumbnail ?? draft.images[0]?.fileId) === image.fileId}
                onCaption={(l, v) => setCaption(image.fileId, l, v)}
                onShift={(by) => setImages(shiftImage(draft.images, image.fileId, by), image.fileId)}
                onThumbnail={() => setDraft((d) => ({ ...d, thumbnail: image.fileId }))}
                onRemove={() => setDraft((d) => removeImage(d, image.fileId))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {canEdit ? (
        <div className="album-edit__upload">
          <input ref={fileInput} id={`${base}-upload`} type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" multiple className="visually-hidden" tabIndex={-1} aria-label={t('galleryAdmin.upload')} onChange={(e) => void onFiles(e)} />
          <button type="button" className="button" onClick={() => fileInput.current?.click()} disabled={uploading !== null}>
            <Upload size={16} aria-hidden="true" />
            {t('galleryAdmin.upload')}
          </button>
          {FilePicker ? (
            <button type="button" className="button" onClick={() => setPicking(true)} disabled={draft.images.length >= MAX_ALBUM_IMAGES}>
              <FolderOpen size={16} aria-hidden="true" />
              {t('finder.fromFiles')}
            </button>
          ) : null}
          {FilePicker && picking ? (
            <Suspense fallback={null}>
              <FilePicker
                open
                imagesOnly
                atMost={Math.max(1, MAX_ALBUM_IMAGES - draft.images.length)}
                onClose={() => setPicking(false)}
                onPick={(files) =>
                  setDraft((d) => {
                    const fresh = files.filter((f) => !d.images.some((i) => i.fileId === f.id));
                    return { ...d, images: [...d.images, ...fresh.map((f) => ({ fileId: f.id, name: f.name, thumbnail: f.thumbnail, caption: { et: '', en: '' } }))].slice(0, MAX_ALBUM_IMAGES) };
                  })
                }
              />
            </Suspense>
          ) : null}
          {uploading ? (
            <span role="status">
              {t('galleryAdmin.uploading', { name: uploading.name })} <progress max={1} value={uploading.share} />
            </span>
          ) : null}
          <FormAlert messages={uploadErrors} />
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {canSeeHistory ? <HistoryTimeline stream={`album-${saved.id}`} title={t('galleryAdmin.history')} /> : null}
    </>
  );
}

interface ImageRowProps {
  image: DraftImage;
  index: number;
  count: number;
  canEdit: boolean;
  isThumbnail: boolean;
  onCaption: (language: 'et' | 'en', value: string) => void;
  onShift: (by: number) => void;
  onThumbnail: () => void;
  onRemove: () => void;
}

function ImageRow({ image, index, count, canEdit, isThumbnail, onCaption, onShift, onThumbnail, onRemove }: ImageRowProps) {
  const { t } = useTranslation('cms');
  const base = useId();
  const sortable = useSortable({ id: image.fileId, disabled: !canEdit });
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <li ref={sortable.setNodeRef} style={style} className={`album-edit__image${sortable.isDragging ? ' is-dragging' : ''}`} data-file={image.fileId}>
      {canEdit ? (
        <button type="button" ref={sortable.setActivatorNodeRef} className="icon-button album-edit__handle" {...sortable.attributes} {...sortable.listeners} aria-label={t('galleryAdmin.dragHandle', { name: image.name })}>
          <GripVertical size={16} aria-hidden="true" />
        </button>
      ) : null}
      <img src={image.thumbnail} width={96} height={72} alt="" className="album-edit__thumb" />
      <div className="album-edit__captions">
        <span className="album-edit__name">
          {index + 1}. {image.name}
        </span>
        {(['et', 'en'] as const).map((l) => (
          <div className="staff-field" key={l}>
            <label htmlFor={`${base}-${l}`}>{t(l === 'et' ? 'galleryAdmin.captionEt' : 'galleryAdmin.captionEn')}</label>
            <input id={`${base}-${l}`} value={image.caption[l]} maxLength={500} disabled={!canEdit} onChange={(e) => onCaption(l, e.target.value)} />
          </div>
        ))}
      </div>
      {canEdit ? (
        <div className="album-edit__row-actions">
          <label className="album-edit__thumbnail">
            <input type="radio" name="album-thumbnail" checked={isThumbnail} onChange={onThumbnail} />
            {t('galleryAdmin.thumbnail')}
          </label>
          <button type="button" className="icon-button" onClick={() => onShift(-1)} disabled={index === 0} aria-label={`${t('galleryAdmin.moveUp')}: ${image.name}`}>
            <ArrowUp size={16} aria-hidden="true" />
          </button>
          <button type="button" className="icon-button" onClick={() => onShift(1)} disabled={index === count - 1} aria-label={`${t('galleryAdmin.moveDown')}: ${image.name}`}>
            <ArrowDown size={16} aria-hidden="true" />
          </button>
          <button type="button" className="icon-button" onClick={onRemove} aria-label={`${t('galleryAdmin.remove')}: ${image.name}`}>
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </div>
      ) : isThumbnail ? (
        <span className="muted">{t('galleryAdmin.isThumbnail')}</span>
      ) : null}
    </li>
  );
}
