/** ChangeFileCaption: see domain/file/file.ts (one language's caption, only when changed). */
import { fileHandler } from './file-handler.js';

export const changeFileCaption = fileHandler('ChangeFileCaption');
