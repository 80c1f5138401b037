/** SetBannerShown: see `SetBannerShown` in domain/site/site.ts for its rules and errors. */
import { siteHandler } from './site-handler.js';

export const setBannerShown = siteHandler('SetBannerShown');
