/** The handler factory of the Page aggregate (stream `page-{id}`, domain/page/page.ts). */
import { pageDecider, pageStreamId } from '../../domain/page/page.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const pageHandler = aggregateHandler(pageDecider, (data: { pageId: string }) => pageStreamId(data.pageId));
