/**
 * The panel beside the finder's listing for the selected files (spec 2 "File manager": open, download, rename,
 * delete; spec 3 "File": caption, tags): one file shows its preview, facts, name (renamed in place: Enter or leaving
 * the field saves, and only a changed name is sent, spec 5), captions per language, tags, and the actions Open,
 * Download, Move to..., Delete. Several files show their count with tags, Move to... and Delete for all of them.
 * Without files.edit the fields are read-only and the changing actions are absent.
 */
import { Download, Eye, FolderInput, Tag, Trash2, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { FinderFile } from '../../../../../api/contracts/finder';
import { apiPath } from '../../../lib/api-client';
import { INTL_LOCALE, type Language } from '../../../lib/language';
import { formatByteSize } from '../utils/byte-size';

interface FileDetailsProps {
  files: FinderFile[];
  canEdit: boolean;
  lang: Language;
  idBase: string;
  onOpen(file: FinderFile): void;
  onRename(file: FinderFile, name: string): Promise<void>;
  onCaptions(file: FinderFile, captions: { et?: string; en?: string }): Promise<void>;
  onTag(files: FinderFile[], tag: string): Promise<void>;
  onUntag(files: FinderFile[], tag: string): Promise<void>;
  onMove(): void;
  onDelete(): void;
}

export function FileDetails({ files, canEdit, lang, idBase, onOpen, onRename, onCaptions, onTag, onUntag, onMove, onDelete }: FileDetailsProps) {
  const { t } = useTranslation('cms');
  const [tag, setTag] = useState('');
  const one = files.length === 1 ? files[0]! : null;
  const tags = [...new Set(files.flatMap((f) => f.tags))].sort((a, b) => a.localeCompare(b));
  if (files.length === 0) return <p className="muted finder-details__empty">{t('finder.details.none')}</p>;

  const addTag = async (e: FormEvent) => {
    e.preventDefault();
    const value = tag.trim();
    if (!value) return;
    await onTag(files, value);
    setTag('');
  };

  return (
    <div className="finder-details">
      {one ? (
        <>
          {one.url ? <img className="finder-details__preview" src={one.url} alt={one.caption || one.name} width={one.width ?? undefined} height={one.height ?? undefined} /> : null}
          <NameField key={`${one.id}:${one.name}`} file={one} canEdit={canEdit} id={`${idBase}-name`} onRename={onRename} />
          <dl className="finder-details__facts">
            <dt>{t('finder.details.size')}</dt>
            <dd>{formatByteSize(one.size, lang)}</dd>
            <dt>{t('finder.details.type')}</dt>
            <dd>{one.type}</dd>
            {one.width && one.height ? (
              <>
                <dt>{t('finder.details.pixels')}</dt>
                <dd>
                  {one.width} × {one.height}
                </dd>
              </>
            ) : null}
            <dt>{t('finder.details.created')}</dt>
            <dd>{new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(one.createdAt))}</dd>
            <dt>{t('finder.details.used')}</dt>
            <dd>{one.usedBy > 0 ? t('finder.file.usedBy', { count: one.usedBy }) : t('finder.details.unused')}</dd>
          </dl>
          <CaptionFields key={`${one.id}:${one.version}`} file={one} canEdit={canEdit} idBase={idBase} onCaptions={onCaptions} />
        </>
      ) : (
        <p className="finder-details__count">{t('finder.details.selected', { count: files.length })}</p>
      )}

      <div className="finder-details__tags">
        <h3 className="finder-details__h3">{t('finder.tags.title')}</h3>
        {tags.length ? (
          <ul className="finder-tags">
            {tags.map((x) => (
              <li key={x} className="finder-tag">
                <Tag size={12} aria-hidden="true" />
                <span>{x}</span>
                {canEdit ? (
                  <button type="button" className="finder-tag__remove" aria-label={t('finder.tags.remove', { tag: x })} title={t('finder.tags.remove', { tag: x })} onClick={() => void onUntag(files, x)}>
                    <X size={12} aria-hidden="true" />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('finder.tags.none')}</p>
        )}
        {canEdit ? (
          <form className="finder-details__tag-form" onSubmit={(e) => void addTag(e)}>
            <label className="visually-hidden" htmlFor={`${idBase}-tag`}>
              {t('finder.tags.newLabel')}
            </label>
            <input id={`${idBase}-tag`} value={tag} onChange={(e) => setTag(e.target.value)} maxLength={50} placeholder={t('finder.tags.newPlaceholder')} />
            <button type="submit" className="button" disabled={tag.trim() === ''}>
              {t('finder.tags.add')}
            </button>
          </form>
        ) : null}
      </div>

      <div className="finder-details__actions">
        {one ? (
          <>
            <button type="button" className="button" onClick={() => onOpen(one)}>
              <Eye size={16} aria-hidden="true" />
              {t('finder.file.open')}
            </button>
            <a className="button" href={apiPath(one.downloadUrl)} download>
              <Download size={16} aria-hidden="true" />
              {t('finder.file.download')}
            </a>
          </>
        ) : null}
        {canEdit ? (
          <>
            <button type="button" className="button" onClick={onMove}>
              <FolderInput size={16} aria-hidden="true" />
              {t('finder.file.moveTo')}
            </button>
            <button type="button" className="button button--danger" onClick={onDelete}>
              <Trash2 size={16} aria-hidden="true" />
              {t('finder.file.delete')}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The file's name, renamed in place: Enter or leaving saves a changed name; Escape puts the name back. */
function NameField({ file, canEdit, id, onRename }: { file: FinderFile; canEdit: boolean; id: string; onRename(file: FinderFile, name: string): Promise<void> }) {
  const { t } = useTranslation('cms');
  const [name, setName] = useState(file.name);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const next = name.trim();
    if (next === '' || next === file.name) return setName(file.name); // saved only when changed (spec 5)
    setBusy(true);
    try {
      await onRename(file, next);
    } catch {
      setName(file.name);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="staff-field finder-details__name">
      <label htmlFor={id}>{t('finder.details.name')}</label>
      <input
        id={id}
        data-finder-name=""
        value={name}
        readOnly={!canEdit || busy}
        maxLength={255}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape' && name !== file.name) {
            e.preventDefault();
            e.stopPropagation();
            setName(file.name);
          }
        }}
      />
    </div>
  );
}

/** The caption in each language; Save sends only the languages that changed. */
function CaptionFields({ file, canEdit, idBase, onCaptions }: { file: FinderFile; canEdit: boolean; idBase: string; onCaptions(file: FinderFile, captions: { et?: string; en?: string }): Promise<void> }) {
  const { t } = useTranslation('cms');
  const [captions, setCaptions] = useState(file.captions);
  const [busy, setBusy] = useState(false);
  useEffect(() => setCaptions(file.captions), [file.captions]);
  const changed = (['et', 'en'] as const).filter((l) => captions[l] !== file.captions[l]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed.length) return;
    setBusy(true);
    try {
      await onCaptions(file, Object.fromEntries(changed.map((l) => [l, captions[l]])));
    } catch {
      // the danger notice says why; the typed captions stay
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="finder-details__captions" onSubmit={(e) => void save(e)}>
      {(['et', 'en'] as const).map((l) => (
        <div className="staff-field" key={l}>
          <label htmlFor={`${idBase}-caption-${l}`}>{t(`finder.details.caption.${l}`)}</label>
          <input id={`${idBase}-caption-${l}`} value={captions[l]} readOnly={!canEdit} maxLength={500} onChange={(e) => setCaptions((c) => ({ ...c, [l]: e.target.value }))} />
        </div>
      ))}
      {canEdit ? (
        <button type="submit" className="button" disabled={busy || changed.length === 0}>
          {t('finder.details.saveCaptions')}
        </button>
      ) : null}
    </form>
  );
}
