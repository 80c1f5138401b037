/** RestorePageVersion: see `RestorePageVersion` in domain/page/page.ts for its rules and errors. */
import { pageHandler } from './page-handler.js';

export const restorePageVersion = pageHandler('RestorePageVersion');
