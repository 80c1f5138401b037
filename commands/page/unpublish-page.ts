/** UnpublishPage: see `UnpublishPage` in domain/page/page.ts for its rules and errors. */
import { pageHandler } from './page-handler.js';

export const unpublishPage = pageHandler('UnpublishPage');
