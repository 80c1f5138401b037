/**
 * Where staff features find the file picker (spec 2 "File manager (finder)"; spec 5 image-only and single-file
 * modes, at most / at least N): the finder feature's `FilePickerDialog` (features/finder/file-picker.tsx), which a
 * feature cannot import (no feature imports another, conventions 8). app/ composes: the staff app and the in-page
 * editor's chunk call `provideFilePicker` with the lazy component; ProductEdit's images, the rich-text editor and the
 * album editor render `useFilePicker()` (null before it is provided: they then offer upload only) inside a Suspense.
 */
import type { ComponentType } from 'react';
import type { FinderFile } from '../../../../api/contracts/finder';

export type { FinderFile };

/** The picker's props (the finder feature's FilePickerDialog takes exactly these). */
export interface FilePickerProps {
  open: boolean;
  onClose(): void;
  /** The chosen files in the order they were picked; the dialog closes afterwards (`onClose`). */
  onPick(files: FinderFile[]): void;
  /** Only images may be picked (spec 5 "Image-only mode"); the listing shows only images. */
  imagesOnly?: boolean;
  /** Exactly one file (spec 5 "Single-file mode"). */
  single?: boolean;
  atMost?: number;
  atLeast?: number;
  /** The dialog's heading (default 'Choose from files'). */
  title?: string;
}

let picker: ComponentType<FilePickerProps> | null = null;

/** Called by app/ once, with the lazily loaded FilePickerDialog. */
export function provideFilePicker(component: ComponentType<FilePickerProps>): void {
  picker = component;
}

/** The file picker component, or null when app/ has not provided one. */
export function useFilePicker(): ComponentType<FilePickerProps> | null {
  return picker;
}
