/** CreatePurchaseList: see `CreatePurchaseList` in domain/purchase-list/purchase-list.ts for its rules and errors. */
import { purchaseListDecider, toPurchaseListStreamId } from '../../domain/purchase-list/purchase-list.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const createPurchaseList = aggregateHandler(purchaseListDecider, (data: { listId: string }) => toPurchaseListStreamId(data.listId))('CreatePurchaseList');
