/** The handler factory of the Stock aggregate (stream `stock-{productId}`, warehouses inside). */
import { stockDecider, toStockStreamId } from '../../domain/stock/stock.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const stockHandler = aggregateHandler(stockDecider, (data: { productId: string }) => toStockStreamId(data.productId));
