/**
 * The picker's modes (spec 5 "Uploads": image-only mode, single-file mode, at most / at least {limit} files), pure:
 * what the picker may hand back and which of spec 5's messages it shows otherwise. The same limits apply to the files
 * dropped into the picker at once (more than `atMost` at once: the batch is refused with the at-most message).
 *
 * Single-file mode is at most 1 and at least 1 ('You can upload at most 1 file' / 'You should upload at least 1
 * file'). Without a mode the picker takes at least 1 file (an empty pick does nothing) and any number.
 */

/** The image types the api stores (commands/file/upload-file.ts; spec 5 "Only following file types are allowed"). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

export interface PickRules {
  imagesOnly?: boolean;
  single?: boolean;
  atMost?: number;
  atLeast?: number;
}

/** A refusal: the locale key under `finder.rules.` and its values. */
export type PickProblem = { code: 'notImage'; mimeTypes: string } | { code: 'tooMany'; limit: number } | { code: 'tooFew'; limit: number };

/** The limits a set of rules comes to: `atMost` null for any number; `atLeast` at least 1. */
export function pickLimits(rules: PickRules): { atMost: number | null; atLeast: number } {
  if (rules.single) return { atMost: 1, atLeast: 1 };
  const atMost = rules.atMost !== undefined && Number.isFinite(rules.atMost) && rules.atMost >= 1 ? Math.floor(rules.atMost) : null;
  const wanted = rules.atLeast !== undefined && Number.isFinite(rules.atLeast) ? Math.max(1, Math.floor(rules.atLeast)) : 1;
  return { atMost, atLeast: atMost === null ? wanted : Math.min(wanted, atMost) };
}

/** Whether a file's type (the type the api found in its bytes) is an image it stores. */
export const isImageType = (type: string): boolean => (IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());

/** Why `files` (their types) cannot be picked under `rules`, or null when they can. */
export function pickProblem(files: readonly { type: string }[], rules: PickRules): PickProblem | null {
  const { atMost, atLeast } = pickLimits(rules);
  if (rules.imagesOnly && files.some((f) => !isImageType(f.type))) return { code: 'notImage', mimeTypes: IMAGE_TYPES.join(', ') };
  if (atMost !== null && files.length > atMost) return { code: 'tooMany', limit: atMost };
  if (files.length < atLeast) return { code: 'tooFew', limit: atLeast };
  return null;
}

/** Why `count` files dropped at once are refused (more than the picker takes), or null. */
export function uploadBatchProblem(count: number, rules: PickRules): PickProblem | null {
  const { atMost } = pickLimits(rules);
  return atMost !== null && count > atMost ? { code: 'tooMany', limit: atMost } : null;
}
