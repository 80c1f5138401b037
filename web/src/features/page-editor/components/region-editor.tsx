/**
 * One editable region while staff edit (spec 4 "Editing mode turns text fields into in-place rich-text editors"; spec 6
 * staff editing tools): rich text (`kind` html) becomes the tiptap editor with its toolbar in place, a one-line field
 * (`kind` text: a title, a phone number) becomes a plain-text editable span in place, so a click on the text puts the
 * cursor there. Edited and not yet saved, the region carries the unsaved mark (spec 4: "Fields are marked unsaved on
 * edit and cleared after the page save or the global-fields save"). Read-only while a save runs.
 */
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { EditorRequest } from '../../../lib/editable/editable';
import { regionValue } from '../editor-state';
import type { EditorStore } from '../editor-store';
import { RichTextEditor } from '../rich-text-editor';

export function RegionEditor({ store, request }: { store: EditorStore; request: EditorRequest }) {
  const { t } = useTranslation('cms');
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const value = regionValue(state, request.field, request.value);
  const unsaved = state.status !== 'idle' && state.unsaved.includes(request.field);
  const readOnly = state.status !== 'editing';
  const Tag = request.as;
  const className = ['editable-region', request.className, unsaved ? 'editable-region--unsaved' : ''].filter(Boolean).join(' ');
  const onChange = (next: string) => store.dispatch({ type: 'edit', field: request.field, value: next });
  const mark = unsaved ? <span className="editable-region__mark">{t('pageEditor.unsaved')}</span> : null;
  return (
    <Tag id={request.id} className={className} data-field={request.field} data-unsaved={unsaved ? '' : undefined}>
      {request.kind === 'html' ? (
        <RichTextEditor value={value} onChange={onChange} label={request.label} readOnly={readOnly} />
      ) : (
        <PlainTextEditable value={value} onChange={onChange} label={request.label} readOnly={readOnly} />
      )}
      {mark}
    </Tag>
  );
}

/** A one-line text edited in place; Enter does nothing, pasted formatting is dropped (plaintext-only). */
function PlainTextEditable({ value, onChange, label, readOnly }: { value: string; onChange(value: string): void; label: string; readOnly: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  // The text is the DOM's while typing; a value set from outside (the settings' title, load theirs) is written in.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && el.textContent !== value) el.textContent = value;
  }, [value]);
  return (
    <span
      ref={ref}
      className="editable-region__text"
      contentEditable={readOnly ? false : 'plaintext-only'}
      suppressContentEditableWarning
      role="textbox"
      aria-label={label}
      aria-readonly={readOnly || undefined}
      tabIndex={0}
      onInput={(e) => onChange((e.currentTarget.textContent ?? '').replace(/\s+/g, ' '))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
    />
  );
}
