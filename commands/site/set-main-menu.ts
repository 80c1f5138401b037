/** SetMainMenu: see `SetMainMenu` in domain/site/site.ts for its rules and errors. */
import { siteHandler } from './site-handler.js';

export const setMainMenu = siteHandler('SetMainMenu');
