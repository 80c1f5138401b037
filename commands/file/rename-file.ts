/** RenameFile: see domain/file/file.ts (spec 5 "Finder name changes are saved only if the value changed"). */
import { fileHandler } from './file-handler.js';

export const renameFile = fileHandler('RenameFile');
