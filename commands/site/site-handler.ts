/** The handler factory of the Site (global content) aggregate (stream `site`, domain/site/site.ts). */
import { SITE_STREAM_ID, siteDecider } from '../../domain/site/site.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const siteHandler = aggregateHandler(siteDecider, () => SITE_STREAM_ID);
