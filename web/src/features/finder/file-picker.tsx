/**
 * The file picker (spec 2 "File manager (finder)"; spec 5 "Uploads": image-only mode, single-file mode, at most / at
 * least {limit} files, 'Images still loading: try again in a few seconds'): the finder inside the staff dialog, with
 * upload, for ProductEdit's images, the rich-text editor's image and the album editor (given to them by app/ through
 * lib/staff/file-picker-slot.ts).
 *
 * Props (lib/staff/file-picker-slot.ts FilePickerProps): `open` shows it; `onPick(files)` gets the chosen files in the
 * listing's order, after which the dialog calls `onClose()`; `onClose` also on Escape, Cancel or the close button.
 * `imagesOnly` lists only images and refuses anything else; `single` takes exactly one file (and one upload at a
 * time); `atMost` / `atLeast` bound the number; `title` the heading (default 'Choose from files'). Choose checks the
 * rules (../utils/pick-rules.ts) and shows spec 5's message instead of picking; while an upload runs it says 'Images
 * still loading: try again in a few seconds'. Enter or a double click on a file picks the selection.
 */
import { type SyntheticEvent, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/translation';
import type { FinderFile } from '../../../../api/contracts/finder';
import { StaffDialog } from '../../components/staff/staff-dialog';
import { hasPermission, useStaffSession } from '../../lib/staff/session';
import type { FilePickerProps } from '../../lib/staff/file-picker-slot';
import { STILL_LOADING_KEY, useUploadsRunning } from '../../lib/staff/upload-activity';
import { DEFAULT_FINDER_VIEW, Finder, type FinderView } from './components/finder';
import { pickLimits, pickProblem } from './utils/pick-rules';

export type { FinderFile, FilePickerProps };

/**
 * Rendered into document.body, and no event leaves it along the React tree: a host inside a form (ProductEdit) or a
 * toolbar with its own keys (the rich-text editor) neither submits nor reacts to what happens in the picker.
 */
export function FilePickerDialog(props: FilePickerProps) {
  if (!props.open || typeof document === 'undefined') return null;
  const stop = (e: SyntheticEvent) => e.stopPropagation();
  return createPortal(
    <div className="file-picker-root" onSubmit={stop} onKeyDown={stop} onClick={stop} onMouseDown={stop} onDragOver={stop} onDragEnter={stop} onDragLeave={stop} onDrop={stop} onChange={stop} onInput={stop} onFocus={stop} onBlur={stop}>
      <OpenPicker {...props} />
    </div>,
    document.body,
  );
}

function OpenPicker({ onClose, onPick, imagesOnly, single, atMost, atLeast, title }: FilePickerProps) {
  const { t } = useTranslation('cms');
  const session = useStaffSession();
  const [view, setView] = useState<FinderView>(DEFAULT_FINDER_VIEW);
  const [selected, setSelected] = useState<FinderFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useUploadsRunning();
  const rules = { imagesOnly, single, atMost, atLeast };
  const limits = pickLimits(rules);

  const choose = (files: FinderFile[]) => {
    if (running > 0) return setProblem(t(STILL_LOADING_KEY));
    const found = pickProblem(files, rules);
    if (found) return setProblem(t(`finder.rules.${found.code}`, found.code === 'notImage' ? { mimeTypes: found.mimeTypes } : { count: found.limit }));
    setProblem(null);
    onPick(files);
    onClose();
  };

  return (
    <StaffDialog title={title ?? t('finder.picker.title')} closeLabel={t('finder.close')} onClose={onClose} size="wide">
      <div className="file-picker">
        <Finder
          canEdit={hasPermission(session.data, 'files.edit')}
          view={view}
          onView={(change) => setView((v) => ({ ...v, ...change }))}
          pick={rules}
          onSelected={(files) => {
            setSelected(files);
            setProblem(null);
          }}
          onChoose={(file) => choose(selected.some((f) => f.id === file.id) ? selected : [file])}
          autoFocusSearch
        />
        <div className="file-picker__foot">
          {problem ? (
            <p className="staff-alert" role="alert">
              {problem}
            </p>
          ) : null}
          <span className="muted" aria-live="polite">
            {limits.atMost === null ? t('finder.picker.selected', { count: selected.length }) : t('finder.picker.selectedOf', { count: selected.length, limit: limits.atMost })}
          </span>
          <button type="button" className="button" onClick={onClose}>
            {t('finder.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={() => choose(selected)} data-testid="file-picker-choose">
            {t('finder.picker.pick')}
          </button>
        </div>
      </div>
    </StaffDialog>
  );
}
