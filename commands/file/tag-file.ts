/** TagFile / UntagFile: see domain/file/file.ts (spec 3 "File tag"; case-insensitive, each tag once per file). */
import { fileHandler } from './file-handler.js';

export const tagFile = fileHandler('TagFile');
export const untagFile = fileHandler('UntagFile');
