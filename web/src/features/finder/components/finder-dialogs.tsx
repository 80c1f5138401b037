/**
 * The finder's dialogs (staff kit StaffDialog, native <dialog>): the folder name (new folder, rename), the folder a
 * selection or a folder moves to (the folder tree, keyboard-accessible "Move to..."), the delete confirmation that
 * lists where a file is used when the api refuses (409 `file.in_use`, spec 2 and 8), and the preview of a file.
 */
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import type { FinderFile, FinderFolder } from '../../../../../api/contracts/finder';
import { StaffDialog } from '../../../components/staff/staff-dialog';
import { apiErrorText, apiPath } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { usesOf } from '../api/file-changes';
import { FolderTree } from './folder-tree';

/** The name of a new folder or a folder's new name; `onSave` rejects with the api's refusal, shown in the dialog. */
export function FolderNameDialog({ title, initial, onSave, onClose }: { title: string; initial: string; onSave(name: string): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('cms');
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === initial.trim() && initial !== '') return onClose(); // saved only when changed (spec 5)
    setBusy(true);
    setError(null);
    try {
      await onSave(name.trim());
      onClose();
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <StaffDialog title={title} closeLabel={t('finder.close')} onClose={onClose}>
      <form className="staff-form" onSubmit={(e) => void submit(e)}>
        <div className="staff-field">
          <label htmlFor="finder-folder-name">{t('finder.folder.name')}</label>
          <input id="finder-folder-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={255} required autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? 'finder-folder-name-error' : undefined} />
          {error ? (
            <p className="staff-field__error" id="finder-folder-name-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('finder.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy || name.trim() === ''}>
            {t('finder.save')}
          </button>
        </div>
      </form>
    </StaffDialog>
  );
}

/** Chooses the folder to move to with the tree; `onMove` rejects with the api's refusal, shown in the dialog. */
export function MoveDialog({ title, currentId, disabledIds, onMove, onClose }: { title: string; currentId: string; disabledIds?: ReadonlySet<string>; onMove(folder: FinderFolder): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('cms');
  const [target, setTarget] = useState<FinderFolder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const move = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await onMove(target);
      onClose();
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <StaffDialog title={title} closeLabel={t('finder.close')} onClose={onClose}>
      <div className="finder-move">
        <FolderTree selectedId={target?.id ?? ''} onSelect={setTarget} disabledIds={disabledIds} label={t('finder.move.treeLabel')} />
      </div>
      {error ? (
        <p className="staff-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('finder.cancel')}
        </button>
        <button type="button" className="button button--primary" disabled={busy || !target || target.id === currentId} onClick={() => void move()}>
          {t('finder.move.confirm')}
        </button>
      </div>
    </StaffDialog>
  );
}

/**
 * Asks before deleting `files`; a refusal because a file is used lists each use (a product and a page link to their
 * edit screens) and offers no second try.
 */
export function DeleteFilesDialog({ files, onDelete, onClose }: { files: FinderFile[]; onDelete(): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('cms');
  const { to } = useRouteLanguage();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const uses = usesOf(error);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
      onClose();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const linkOf = (kind: string, id: string) => (kind === 'product' ? to(`/admin/product/edit/${id}`) : kind === 'page' ? to(`/admin/page/edit/${id}`) : null);
  return (
    <StaffDialog title={t('finder.delete.title')} closeLabel={t('finder.close')} onClose={onClose} role="alertdialog">
      <p>{files.length === 1 ? t('finder.delete.questionOne', { name: files[0]!.name }) : t('finder.delete.questionMany', { count: files.length })}</p>
      {error ? (
        <div className="staff-alert" role="alert" data-testid="finder-usage">
          <p>{apiErrorText(error)}</p>
          {uses.length > 0 ? (
            <ul className="finder-usage">
              {uses.map((u) => {
                const href = linkOf(u.kind, u.id);
                return <li key={`${u.kind}:${u.id}:${u.message}`}>{href ? <Link to={href}>{u.message}</Link> : u.message}</li>;
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t('finder.cancel')}
        </button>
        {uses.length > 0 ? null : (
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
            <Trash2 size={16} aria-hidden="true" />
            {t('finder.delete.confirm')}
          </button>
        )}
      </div>
    </StaffDialog>
  );
}

/** The file at its largest rendition, its caption and a download link. */
export function PreviewDialog({ file, onClose }: { file: FinderFile; onClose(): void }) {
  const { t } = useTranslation('cms');
  const largest = file.variants.reduce<FinderFile['variants'][number] | null>((a, v) => (!a || v.width > a.width ? v : a), null);
  return (
    <StaffDialog title={file.name} closeLabel={t('finder.close')} onClose={onClose} size="wide">
      <figure className="finder-preview">
        {largest ? <img src={largest.url} srcSet={file.srcset || undefined} sizes="(max-width: 900px) 90vw, 860px" alt={file.caption || file.name} width={largest.actualWidth} height={largest.height} /> : null}
        {file.caption ? <figcaption>{file.caption}</figcaption> : null}
      </figure>
      <div className="dialog__actions">
        <a className="button" href={apiPath(file.downloadUrl)} download>
          {t('finder.file.download')}
        </a>
      </div>
    </StaffDialog>
  );
}
