/**
 * The editor bar (spec 2 "The page editor offers edit page, save changes and discard changes"; spec 4 "Editor"): a
 * landmark fixed to the bottom of the storefront for staff who may edit. Idle: Edit page, and Publish while the page
 * has a saved draft guests do not see yet. Editing: Save changes, Discard changes, Page settings (on a content page)
 * and how many fields are unsaved; busy: the same, disabled, with 'Saving'. A stale save shows the server's sentence
 * (who saved meanwhile and when) with Load theirs / Keep editing.
 */
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { PageEdit } from '../../../../../api/contracts/pages-admin';
import type { EditorState } from '../editor-state';

export interface EditorBarProps {
  state: EditorState;
  /** The current page's edit view; null on a screen without a content page. */
  page: PageEdit | null;
  starting: boolean;
  publishing: boolean;
  error: string | null;
  onEdit(): void;
  onSave(): void;
  onDiscard(): void;
  onPublish(): void;
  onOpenSettings(): void;
  onLoadTheirs(): void;
  onKeepEditing(): void;
  onDismissNotice(): void;
}

export function EditorBar(props: EditorBarProps) {
  const { t } = useTranslation('cms');
  const { state, page } = props;
  // The bar covers the bottom of the page: the body keeps room for it.
  useEffect(() => {
    document.body.classList.add('has-editor-bar');
    return () => document.body.classList.remove('has-editor-bar');
  }, []);
  // A notice (saved, published) goes away by itself.
  const notice = state.status === 'idle' ? state.notice : null;
  const { onDismissNotice } = props;
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(onDismissNotice, 6000);
    return () => clearTimeout(timer);
  }, [notice, onDismissNotice]);

  const unpublished = !!page && page.settings.draftRevision !== page.settings.publishedRevision;
  const busy = state.status === 'busy' || state.status === 'saved';
  const unsavedCount = state.status === 'idle' ? 0 : state.unsaved.length + (state.settingsUnsaved ? 1 : 0);
  const error = props.error ?? (state.status !== 'idle' ? state.error : null);
  const conflict = state.status !== 'idle' ? state.conflict : null;

  return (
    <section className="editor-bar" aria-label={t('pageEditor.region')} data-editor-state={state.status}>
      <div className="editor-bar__inner">
        {state.status === 'idle' ? (
          <>
            <button type="button" className="editor-bar__button editor-bar__button--primary" onClick={props.onEdit} disabled={props.starting}>
              {t('pageEditor.edit')}
            </button>
            {unpublished && (
              <button type="button" className="editor-bar__button" onClick={props.onPublish} disabled={props.publishing}>
                {t('pageEditor.publish')}
              </button>
            )}
          </>
        ) : (
          <>
            <button type="button" className="editor-bar__button editor-bar__button--primary" onClick={props.onSave} disabled={busy || !!conflict}>
              {t('pageEditor.save')}
            </button>
            <button type="button" className="editor-bar__button" onClick={props.onDiscard} disabled={busy}>
              {t('pageEditor.discard')}
            </button>
            {state.settings && (
              <button type="button" className="editor-bar__button" onClick={props.onOpenSettings} disabled={busy} aria-expanded={state.settingsOpen}>
                {t('pageEditor.settings')}
              </button>
            )}
          </>
        )}
        <p className="editor-bar__status" role="status">
          {busy
            ? t('pageEditor.saving')
            : state.status !== 'idle'
              ? unsavedCount > 0
                ? t('pageEditor.unsavedCount', { count: unsavedCount })
                : t('pageEditor.editingHint')
              : notice === 'saved'
                ? t('pageEditor.savedNotice')
                : notice === 'published'
                  ? t('pageEditor.publishedNotice')
                  : unpublished
                    ? t('pageEditor.draftNotPublished')
                    : ''}
        </p>
        {error && (
          <p className="editor-bar__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {conflict && (
        <div className="editor-bar__conflict" role="alert">
          <p>{conflict.message}</p>
          <div className="editor-bar__conflict-actions">
            <button type="button" className="editor-bar__button editor-bar__button--primary" onClick={props.onLoadTheirs}>
              {t('pageEditor.loadTheirs')}
            </button>
            <button type="button" className="editor-bar__button" onClick={props.onKeepEditing}>
              {t('pageEditor.keepEditing')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
