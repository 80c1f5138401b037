/**
 * Names of finder entries, folders and files (spec 2 "File manager", spec 5 "Finder name changes are saved only if
 * the value changed"). Pure, no imports: the domain, the api and the back office share it.
 *
 * A name is shown and compared, never used as a path: the storage names files by their uuid. Still, a name with a
 * path separator, NUL or another control character would be a trap for whoever downloads or copies it, so it is
 * refused, as are `.` and `..`. Names are NFC-normalised and trimmed; siblings compare case-insensitively.
 */

/** Longest folder or file name, in characters. */
export const MAX_ENTRY_NAME = 255;

/** Path separators (`/`, `\`), C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export type EntryNameProblem = 'required' | 'too_long' | 'invalid';

/** The name as it is stored (NFC, trimmed), or the problem with it. */
export function checkEntryName(raw: string): { name: string } | { problem: EntryNameProblem } {
  const name = raw.normalize('NFC').trim();
  if (!name) return { problem: 'required' };
  if ([...name].length > MAX_ENTRY_NAME) return { problem: 'too_long' };
  if (FORBIDDEN.test(name) || name === '.' || name === '..') return { problem: 'invalid' };
  return { name };
}

/** The key two sibling names are compared by: NFC, lower case ("Pildid" and "PILDID" clash). */
export const entryNameKey = (name: string) => name.normalize('NFC').trim().toLowerCase();
