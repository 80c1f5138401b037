/**
 * The gallery's albums in the back office (spec 2 "Gallery": the albums staff build and publish), /admin/gallery
 * (`files.view`; creating and deleting need `files.edit`): every album with its thumbnail, name, picture count,
 * published or not and when it changed, newest first; "New album" asks for a name per language (one is enough) and
 * opens the new album in the editor (/admin/gallery/edit/{id}); Delete asks first (the pictures stay in the file
 * storage).
 */
import { ImagePlus, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../../components/feedback/toasts';
import { PageMeta } from '../../../components/page-meta';
import { Spinner } from '../../../components/spinner';
import { StaffDialog } from '../../../components/staff/staff-dialog';
import { FormAlert } from '../../../components/staff/text-field';
import { apiErrorText } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useRouteLanguage } from '../../../lib/language';
import { hasPermission, useStaffSession } from '../../../lib/staff/session';
import { type AdminAlbum, useAlbums, useCreateAlbum, useDeleteAlbum } from '../api/albums';
import './admin-gallery.css';

export function AlbumListScreen() {
  const { t } = useTranslation('cms');
  const { lang, to } = useRouteLanguage();
  const session = useStaffSession();
  const canEdit = session.data ? hasPermission(session.data, 'files.edit') : false;
  const albums = useAlbums();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminAlbum | null>(null);
  return (
    <section className="staff-screen album-list" aria-labelledby="screen-title">
      <PageMeta title={t('galleryAdmin.title')} description={t('galleryAdmin.intro')} noindex />
      <div className="staff-screen__head">
        <h1 id="screen-title">{t('galleryAdmin.title')}</h1>
        {canEdit ? (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            <ImagePlus size={16} aria-hidden="true" />
            {t('galleryAdmin.create')}
          </button>
        ) : null}
      </div>
      <p className="muted">{t('galleryAdmin.intro')}</p>
      {albums.isPending ? <Spinner /> : null}
      {albums.isError ? <FormAlert messages={[apiErrorText(albums.error)]} /> : null}
      {albums.data && albums.data.length === 0 ? <p className="muted">{t('galleryAdmin.empty')}</p> : null}
      {albums.data && albums.data.length > 0 ? (
        <table className="data-table album-list__table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('galleryAdmin.thumbnail')}</span>
              </th>
              <th scope="col">{t('galleryAdmin.name')}</th>
              <th scope="col">{t('galleryAdmin.pictures')}</th>
              <th scope="col">{t('galleryAdmin.status')}</th>
              <th scope="col">{t('galleryAdmin.changedAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('galleryAdmin.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {albums.data.map((album) => (
              <tr key={album.id} data-album={album.id}>
                <td>{album.thumbnail ? <img className="album-list__thumb" src={album.thumbnail.thumbnail} width={64} height={48} alt="" /> : <span className="album-list__thumb" aria-hidden="true" />}</td>
                <td>
                  <Link to={to(`/admin/gallery/edit/${album.id}`)}>{album.name}</Link>
                </td>
                <td>{album.imageCount}</td>
                <td>{album.published ? t('galleryAdmin.published') : t('galleryAdmin.draft')}</td>
                <td>{formatDate(album.changedAt, lang)}</td>
                <td className="album-list__actions">
                  <Link className="icon-button" to={to(`/admin/gallery/edit/${album.id}`)} aria-label={`${t('galleryAdmin.edit')}: ${album.name}`}>
                    <Pencil size={16} aria-hidden="true" />
                  </Link>
                  {canEdit ? (
                    <button type="button" className="icon-button" onClick={() => setDeleting(album)} aria-label={`${t('galleryAdmin.delete')}: ${album.name}`}>
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {creating ? <NewAlbumDialog onClose={() => setCreating(false)} /> : null}
      {deleting ? <DeleteAlbumDialog album={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

function NewAlbumDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const navigate = useNavigate();
  const id = useId();
  const create = useCreateAlbum();
  const [names, setNames] = useState({ et: '', en: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!names.et.trim() && !names.en.trim()) return setErrors([t('galleryAdmin.nameRequired')]);
    setErrors([]);
    try {
      const album = await create.mutateAsync({ et: names.et.trim(), en: names.en.trim() });
      navigate(to(`/admin/gallery/edit/${album.id}`));
    } catch (error) {
      setErrors([apiErrorText(error)]);
    }
  };
  return (
    <StaffDialog title={t('galleryAdmin.createTitle')} closeLabel={t('galleryAdmin.cancel')} onClose={onClose}>
      <form className="staff-form" onSubmit={submit} noValidate>
        {(['et', 'en'] as const).map((l) => (
          <div className="staff-field" key={l}>
            <label htmlFor={`${id}-${l}`}>{t(l === 'et' ? 'galleryAdmin.nameEt' : 'galleryAdmin.nameEn')}</label>
            <input id={`${id}-${l}`} value={names[l]} maxLength={120} onChange={(e) => setNames({ ...names, [l]: e.target.value })} />
          </div>
        ))}
        <FormAlert messages={errors} />
        <div className="staff-form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('galleryAdmin.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {t('galleryAdmin.createSubmit')}
          </button>
        </div>
      </form>
    </StaffDialog>
  );
}

function DeleteAlbumDialog({ album, onClose }: { album: AdminAlbum; onClose: () => void }) {
  const { t } = useTranslation('cms');
  const remove = useDeleteAlbum();
  const [errors, setErrors] = useState<string[]>([]);
  const confirm = async () => {
    try {
      await remove.mutateAsync(album.id);
      showToast('success', t('galleryAdmin.deleted'));
      onClose();
    } catch (error) {
      setErrors([apiErrorText(error)]);
    }
  };
  return (
    <StaffDialog title={t('galleryAdmin.deleteTitle')} closeLabel={t('galleryAdmin.cancel')} onClose={onClose} role="alertdialog">
      <p>{t('galleryAdmin.deleteConfirm', { name: album.name })}</p>
      <FormAlert messages={errors} />
      <div className="staff-form__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('galleryAdmin.cancel')}
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={remove.isPending}>
          {t('galleryAdmin.delete')}
        </button>
      </div>
    </StaffDialog>
  );
}
