/**
 * The finder (spec 2 "File manager (finder): pick folders and files, upload, open, download, rename and delete"), one
 * component for the /admin/files screen and the picker dialog (../file-picker.tsx):
 *
 * - the folder tree (./folder-tree.tsx, lazy per level), the open folder's path, and its actions: new subfolder
 *   (offered only below depth 7, spec 9), rename, move, delete (only an empty folder);
 * - search by name part and a tag filter (both over every folder), order, grid or list view, paging;
 * - the files (./file-listing.tsx, multi-select by click, Shift, Ctrl and keys), moved by dragging onto a folder or
 *   by "Move to..."; the selected files' panel (./file-details.tsx);
 * - upload by drag and drop onto the listing (react-dropzone) or the Upload button, one file at a time with its
 *   progress (lib/staff/upload-file.ts), into the open folder; the upload-completed notice when all are in.
 *
 * Spec 8: every failed call shows the server's message as a danger notice for 10 s (a failed upload without one says
 * 'upload error' plus the HTTP status). Spec 5: a name is saved only when changed. Without files.edit the finder only
 * reads. In the picker (`pick`), the listing may be limited to images and the selection to one file; the finder
 * reports the selected files and the picker's Enter / double click.
 */
import { FolderPlus, Grid2x2, List, Pencil, Trash2, Upload, FolderInput } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from '../../../lib/translation';
import type { FinderFile, FinderFolder } from '../../../../../api/contracts/finder';
import { FINDER_DEFAULT_PAGE_SIZE, FINDER_SORTS } from '../../../../../api/contracts/finder';
import { showToast } from '../../../components/feedback/toasts';
import { StaffDialog } from '../../../components/staff/staff-dialog';
import { apiErrorText } from '../../../lib/api-client';
import { useRouteLanguage } from '../../../lib/language';
import { uploadFile } from '../../../lib/staff/upload-file';
import { isFileChangedMeanwhile, useFileChanges } from '../api/file-changes';
import { useFolderChanges } from '../api/folder-changes';
import { type FileListing as FilesPage, useFiles } from '../api/get-files';
import { FINDER_KEY, useFolder } from '../api/get-folder';
import { useTags } from '../api/get-tags';
import { type PickRules, uploadBatchProblem } from '../utils/pick-rules';
import { EMPTY_SELECTION, keepListed, type Selection } from '../utils/selection';
import { FileDetails } from './file-details';
import { FileListing } from './file-listing';
import { DeleteFilesDialog, FolderNameDialog, MoveDialog, PreviewDialog } from './finder-dialogs';
import { FolderTree } from './folder-tree';
import './finder.css';

/** Spec 9 "file error notices 10 s". */
export const FILE_ERROR_NOTICE_MS = 10_000;

/** What the finder shows: folder, search, tag, order, page, view. The screen keeps it in the URL, the picker in state. */
export interface FinderView {
  folder: string;
  q: string;
  tag: string;
  sort: (typeof FINDER_SORTS)[number];
  page: number;
  view: 'grid' | 'list';
}

export const DEFAULT_FINDER_VIEW: FinderView = { folder: 'root', q: '', tag: '', sort: '-created', page: 1, view: 'grid' };

interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

export interface FinderProps {
  canEdit: boolean;
  view: FinderView;
  onView(next: Partial<FinderView>): void;
  /** The picker's rules (image-only, single-file); absent on the screen. */
  pick?: PickRules;
  /** The selected files, whenever they change. */
  onSelected?(files: FinderFile[]): void;
  /** Enter or a double click on a file in the picker (the screen opens the preview). */
  onChoose?(file: FinderFile): void;
  /** Focus the search box first (the picker). */
  autoFocusSearch?: boolean;
}

let uploadSerial = 0;

export function Finder({ canEdit, view, onView, pick, onSelected, onChoose, autoFocusSearch }: FinderProps) {
  const { t } = useTranslation('cms');
  const { lang } = useRouteLanguage();
  const idBase = useId().replace(/:/g, '');
  const single = pick?.single ?? false;
  const searching = view.q.trim() !== '' || view.tag !== '';
  const folder = useFolder(view.folder);
  const files = useFiles({ folderId: searching ? 'all' : view.folder, q: view.q, tag: view.tag, imagesOnly: pick?.imagesOnly ?? false, sort: view.sort, page: view.page, pageSize: FINDER_DEFAULT_PAGE_SIZE }, lang);
  const tags = useTags();
  const queryClient = useQueryClient();
  const fileChanges = useFileChanges();
  const folderChanges = useFolderChanges();
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dialog, setDialog] = useState<null | { kind: 'newFolder' | 'renameFolder' | 'moveFolder' | 'deleteFolder' | 'moveFiles' | 'deleteFiles' } | { kind: 'preview'; file: FinderFile }>(null);
  const [search, setSearch] = useState(view.q);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const aborter = useRef<AbortController | null>(null);
  const listed = useMemo(() => files.data?.files ?? [], [files.data]);
  const order = useMemo(() => listed.map((f) => f.id), [listed]);
  const selected = useMemo(() => listed.filter((f) => selection.ids.includes(f.id)), [listed, selection.ids]);
  const current: FinderFolder | undefined = folder.data?.folder;

  useEffect(() => {
    const controller = new AbortController();
    aborter.current = controller;
    return () => controller.abort();
  }, []);
  useEffect(() => setSelection((s) => keepListed(s, order)), [order]);
  const selectedKey = selected.map((f) => `${f.id}:${f.version}`).join(',');
  useEffect(() => onSelected?.(selected), [selectedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // The search is sent 300 ms after the last key (spec 9 "Search key-up delay 300 ms").
  useEffect(() => {
    if (search === view.q) return undefined;
    const timer = setTimeout(() => onView({ q: search, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The server's sentence of a save refused because a file changed after it was shown (409): the reload offer. */
  const [stale, setStale] = useState<string | null>(null);
  /** Runs a change; a refusal is a danger notice for 10 s (spec 8) and rethrown; a stale save also offers a reload. */
  async function run<T>(change: () => Promise<T>, done?: string): Promise<T> {
    try {
      const result = await change();
      if (done) showToast('success', done);
      return result;
    } catch (error) {
      showToast('error', apiErrorText(error), FILE_ERROR_NOTICE_MS);
      if (isFileChangedMeanwhile(error)) setStale(apiErrorText(error));
      throw error;
    }
  }
  /** The version of each listed file the finder shows (sent with every save). */
  const versionOf = (id: string) => listed.find((f) => f.id === id)?.version;

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  function addFiles(dropped: File[]) {
    setNotice(null);
    if (!dropped.length || !canEdit) return;
    const problem = pick ? uploadBatchProblem(dropped.length, pick) : null;
    if (problem) {
      setNotice(t(`finder.rules.${problem.code}`, { count: 'limit' in problem ? problem.limit : 0 }));
      return;
    }
    const target = current?.id ?? 'root';
    const batch = dropped.map((file) => ({ key: `finder-upload-${++uploadSerial}`, file }));
    setUploads((list) => [...list, ...batch.map(({ key, file }) => ({ key, name: file.name, progress: 0, error: null }))]);
    const done: string[] = [];
    for (const { key, file } of batch) {
      queue.current = queue.current.then(async () => {
        try {
          const model = await uploadFile(file, { lang, folderId: target, signal: aborter.current?.signal, onProgress: (progress) => patch(key, { progress }) });
          done.push(model.id);
          setUploads((list) => list.filter((u) => u.key !== key));
        } catch (error) {
          if (aborter.current?.signal.aborted) return;
          const message = apiErrorText(error);
          patch(key, { error: message });
          showToast('error', message, FILE_ERROR_NOTICE_MS);
        }
      });
    }
    queue.current = queue.current.then(async () => {
      if (!done.length || aborter.current?.signal.aborted) return;
      showToast('success', t('finder.upload.done', { count: done.length }));
      // The new files show at the top of the open folder (newest first), selected.
      if (searching || view.sort !== '-created' || view.page !== 1) onView({ q: '', tag: '', sort: '-created', page: 1 });
      setSearch('');
      // The upload answers once its event is stored; the listing's read model follows within moments.
      const allListed = () => queryClient.getQueriesData<FilesPage>({ queryKey: [...FINDER_KEY, 'files'] }).some(([, d]) => d && done.every((id) => d.files.some((f) => f.id === id)));
      for (let attempt = 0; attempt < 20; attempt++) {
        await fileChanges.invalidate();
        if (aborter.current?.signal.aborted) break;
        if (allListed()) {
          // The folder tree's counts were fetched beside the listing, perhaps before the read model held every new
          // file; the listing now proves it does, so the tree is asked once more.
          await queryClient.invalidateQueries({ queryKey: [...FINDER_KEY, 'folder'] });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      setSelection({ ids: single ? done.slice(-1) : done, anchor: done[0]!, focus: done[done.length - 1]! });
    });
  }

  const dropzone = useDropzone({ onDrop: addFiles, noClick: true, noKeyboard: true, disabled: !canEdit, multiple: !single });

  const openFolder = (f: FinderFolder) => {
    setSearch('');
    onView({ folder: f.id, q: '', tag: '', page: 1 });
  };
  const moveFiles = (ids: string[], to: FinderFolder) =>
    run(async () => {
      for (const id of ids) await fileChanges.update.mutateAsync({ id, change: { folder_id: to.id }, version: versionOf(id) });
    }, t('finder.move.done', { count: ids.length, folder: to.id === 'root' ? t('finder.tree.root') : to.name }));
  const open = (file: FinderFile) => (onChoose ? onChoose(file) : setDialog({ kind: 'preview', file }));
  const focusName = () => document.getElementById(`${idBase}-name`)?.focus();
  const total = files.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FINDER_DEFAULT_PAGE_SIZE));
  const path = folder.data?.path ?? [];
  const folderName = current && current.id !== 'root' ? current.name : t('finder.tree.root');

  return (
    <div className="finder">
      <div className="finder__toolbar" role="group" aria-label={t('finder.toolbar')}>
        <div className="staff-field finder__search">
          <label htmlFor={`${idBase}-search`}>{t('finder.search.label')}</label>
          <input id={`${idBase}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && onView({ q: search, page: 1 })} placeholder={t('finder.search.placeholder')} autoFocus={autoFocusSearch} />
        </div>
        <div className="staff-field">
          <label htmlFor={`${idBase}-tag-filter`}>{t('finder.tags.filter')}</label>
          <select id={`${idBase}-tag-filter`} value={view.tag} onChange={(e) => onView({ tag: e.target.value, page: 1 })}>
            <option value="">{t('finder.tags.any')}</option>
            {(tags.data ?? []).map((x) => (
              <option key={x.tag} value={x.tag}>
                {x.tag} ({x.count})
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${idBase}-sort`}>{t('finder.sort.label')}</label>
          <select id={`${idBase}-sort`} value={view.sort} onChange={(e) => onView({ sort: e.target.value as FinderView['sort'], page: 1 })}>
            {FINDER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`finder.sort.${s.replace('-', 'desc_')}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="finder__views" role="group" aria-label={t('finder.view.label')}>
          <button type="button" className="icon-button" aria-pressed={view.view === 'grid'} aria-label={t('finder.view.grid')} title={t('finder.view.grid')} onClick={() => onView({ view: 'grid' })}>
            <Grid2x2 size={16} aria-hidden="true" />
          </button>
          <button type="button" className="icon-button" aria-pressed={view.view === 'list'} aria-label={t('finder.view.list')} title={t('finder.view.list')} onClick={() => onView({ view: 'list' })}>
            <List size={16} aria-hidden="true" />
          </button>
        </div>
        {canEdit ? (
          <button type="button" className="button button--primary finder__upload" onClick={dropzone.open}>
            <Upload size={16} aria-hidden="true" />
            {t('finder.upload.button')}
          </button>
        ) : null}
      </div>

      <div className="finder__body">
        <nav className="finder__tree" aria-label={t('finder.tree.label')}>
          <FolderTree selectedId={view.folder} onSelect={openFolder} onDropFiles={canEdit ? (ids, to) => void moveFiles(ids, to).catch(() => {}) : undefined} label={t('finder.tree.label')} initiallyOpen={path.map((p) => p.id)} />
        </nav>

        <div className={`finder__main${dropzone.isDragActive ? ' is-dragging' : ''}`} {...dropzone.getRootProps()} data-testid="finder-dropzone">
          <input {...dropzone.getInputProps()} data-testid="finder-upload-input" aria-label={t('finder.upload.button')} />
          <div className="finder__head">
            <h2 className="finder__title">
              {searching ? t('finder.search.results', { count: total }) : (
                <>
                  {path.length ? (
                    <span className="finder__path">
                      <button type="button" className="finder__crumb" onClick={() => openFolder({ id: 'root' } as FinderFolder)}>
                        {t('finder.tree.root')}
                      </button>
                      {path.slice(0, -1).map((p) => (
                        <span key={p.id}>
                          {' / '}
                          <button type="button" className="finder__crumb" onClick={() => openFolder({ id: p.id, name: p.name } as FinderFolder)}>
                            {p.name}
                          </button>
                        </span>
                      ))}
                      {' / '}
                    </span>
                  ) : null}
                  {folderName}
                </>
              )}
            </h2>
            {canEdit && current && !searching ? (
              <div className="finder__folder-actions">
                {current.canCreateSubfolder ? (
                  <button type="button" className="button" onClick={() => setDialog({ kind: 'newFolder' })}>
                    <FolderPlus size={16} aria-hidden="true" />
                    {t('finder.folder.new')}
                  </button>
                ) : null}
                {current.id !== 'root' ? (
                  <>
                    <button type="button" className="icon-button" aria-label={t('finder.folder.rename')} title={t('finder.folder.rename')} onClick={() => setDialog({ kind: 'renameFolder' })}>
                      <Pencil size={16} aria-hidden="true" />
                    </button>
                    <button type="button" className="icon-button" aria-label={t('finder.folder.move')} title={t('finder.folder.move')} onClick={() => setDialog({ kind: 'moveFolder' })}>
                      <FolderInput size={16} aria-hidden="true" />
                    </button>
                    <button type="button" className="icon-button" aria-label={t('finder.folder.delete')} title={t('finder.folder.delete')} onClick={() => setDialog({ kind: 'deleteFolder' })}>
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  </>
                ) : null}
              </div>
            ) : null}
          </div>

          {uploads.length > 0 ? (
            <ul className="finder-uploads" aria-label={t('finder.upload.list')}>
              {uploads.map((u) => (
                <li key={u.key} className={`finder-upload${u.error ? ' has-error' : ''}`} data-testid="finder-upload">
                  <span className="finder-upload__name">{u.name}</span>
                  {u.error ? (
                    <>
                      <span className="staff-field__error">{u.error}</span>
                      <button type="button" className="icon-button" aria-label={t('finder.upload.dismiss', { name: u.name })} title={t('finder.upload.dismiss', { name: u.name })} onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}>
                        ×
                      </button>
                    </>
                  ) : (
                    <progress max={1} value={u.progress} aria-label={t('finder.upload.progress', { name: u.name })} />
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {notice ? (
            <p className="staff-alert" role="alert">
              {notice}
            </p>
          ) : null}
          {stale ? (
            <div className="staff-alert finder__stale" role="alert">
              <p>{stale}</p>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setStale(null);
                  void fileChanges.invalidate();
                }}
              >
                {t('finder.reload')}
              </button>
            </div>
          ) : null}

          {files.isError ? (
            <p className="staff-alert" role="alert">
              {apiErrorText(files.error)}
            </p>
          ) : files.isPending ? (
            <p className="muted">{t('finder.loading')}</p>
          ) : listed.length === 0 ? (
            <p className="muted finder__empty">{searching ? t('finder.search.none') : canEdit ? t('finder.emptyDrop') : t('finder.empty')}</p>
          ) : (
            <FileListing
              files={listed}
              view={view.view}
              selection={selection}
              onSelection={setSelection}
              single={single}
              lang={lang}
              label={t('finder.files', { folder: searching ? t('finder.search.label') : folderName })}
              onOpen={open}
              onRename={canEdit ? focusName : undefined}
              onDelete={canEdit ? () => setDialog({ kind: 'deleteFiles' }) : undefined}
              draggable={canEdit}
              idBase={idBase}
            />
          )}

          {pages > 1 ? (
            <nav className="finder__pager" aria-label={t('finder.pager.label')}>
              <button type="button" className="button" disabled={view.page <= 1} onClick={() => onView({ page: view.page - 1 })}>
                {t('finder.pager.previous')}
              </button>
              <span>{t('finder.pager.page', { page: view.page, pages })}</span>
              <button type="button" className="button" disabled={view.page >= pages} onClick={() => onView({ page: view.page + 1 })}>
                {t('finder.pager.next')}
              </button>
            </nav>
          ) : null}
        </div>

        <aside className="finder__details" aria-label={t('finder.details.label')}>
          <FileDetails
            files={selected}
            canEdit={canEdit}
            lang={lang}
            idBase={idBase}
            onOpen={(f) => setDialog({ kind: 'preview', file: f })}
            onRename={(f, name) => run(() => fileChanges.update.mutateAsync({ id: f.id, change: { name }, version: f.version }), t('finder.file.renamed')).then(() => undefined)}
            onCaptions={(f, captions) => run(() => fileChanges.update.mutateAsync({ id: f.id, change: { caption: captions }, version: f.version }), t('finder.details.captionsSaved')).then(() => undefined)}
            onTag={(fs, tag) => run(() => fileChanges.tag.mutateAsync({ files: fs, tag })).then(() => undefined)}
            onUntag={(fs, tag) => run(() => fileChanges.untag.mutateAsync({ files: fs.filter((f) => f.tags.includes(tag)), tag })).then(() => undefined)}
            onMove={() => setDialog({ kind: 'moveFiles' })}
            onDelete={() => setDialog({ kind: 'deleteFiles' })}
          />
        </aside>
      </div>

      {dialog?.kind === 'preview' ? <PreviewDialog file={dialog.file} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'newFolder' && current ? (
        <FolderNameDialog
          title={t('finder.folder.newIn', { folder: folderName })}
          initial=""
          onClose={() => setDialog(null)}
          onSave={async (name) => {
            const made = await folderChanges.create.mutateAsync({ parentId: current.id, name });
            showToast('success', t('finder.folder.created', { name: made.name }));
          }}
        />
      ) : null}
      {dialog?.kind === 'renameFolder' && current ? (
        <FolderNameDialog title={t('finder.folder.rename')} initial={current.name} onClose={() => setDialog(null)} onSave={async (name) => void (await folderChanges.update.mutateAsync({ id: current.id, change: { name } }))} />
      ) : null}
      {dialog?.kind === 'moveFolder' && current ? (
        <MoveDialog title={t('finder.folder.moveTitle', { name: current.name })} currentId={current.parent} disabledIds={new Set([current.id])} onClose={() => setDialog(null)} onMove={async (to) => void (await folderChanges.update.mutateAsync({ id: current.id, change: { parent_id: to.id } }))} />
      ) : null}
      {dialog?.kind === 'deleteFolder' && current ? (
        <DeleteFolderDialog
          name={current.name}
          onClose={() => setDialog(null)}
          onDelete={async () => {
            await folderChanges.remove.mutateAsync(current.id);
            openFolder({ id: current.parent || 'root' } as FinderFolder);
          }}
        />
      ) : null}
      {dialog?.kind === 'moveFiles' && selected.length ? (
        <MoveDialog title={t('finder.move.title', { count: selected.length })} currentId={searching ? '' : view.folder} onClose={() => setDialog(null)} onMove={(to) => moveFiles(selected.map((f) => f.id), to)} />
      ) : null}
      {dialog?.kind === 'deleteFiles' && selected.length ? (
        <DeleteFilesDialog
          files={selected}
          onClose={() => setDialog(null)}
          onDelete={async () => {
            await fileChanges.remove.mutateAsync(selected.map((f) => f.id));
            showToast('success', t('finder.delete.done', { count: selected.length }));
          }}
        />
      ) : null}
    </div>
  );
}

/** Asks before deleting an empty folder; the api's refusal (not empty) shows in the dialog. */
function DeleteFolderDialog({ name, onDelete, onClose }: { name: string; onDelete(): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('cms');
  const [error, setError] = useState<string | null>(null);
  return (
    <FolderConfirm
      title={t('finder.folder.deleteTitle')}
      question={t('finder.folder.deleteQuestion', { name })}
      error={error}
      onClose={onClose}
      onConfirm={async () => {
        setError(null);
        try {
          await onDelete();
          onClose();
        } catch (err) {
          setError(apiErrorText(err));
        }
      }}
    />
  );
}

function FolderConfirm({ title, question, error, onConfirm, onClose }: { title: string; question: string; error: string | null; onConfirm(): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('cms');
  const [busy, setBusy] = useState(false);
  return (
    <StaffDialog title={title} closeLabel={t('finder.close')} onClose={onClose} role="alertdialog">
      <p>{question}</p>
      {error ? (
        <p className="staff-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t('finder.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {t('finder.folder.deleteConfirm')}
        </button>
      </div>
    </StaffDialog>
  );
}
