/** The handler factory of the Site aggregate (stream `site`). */
import { SITE_STREAM_ID, siteDecider } from '../../domain/site/site.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const siteHandler = aggregateHandler(siteDecider, () => SITE_STREAM_ID);
