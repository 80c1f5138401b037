/** The handler factory of the Order aggregate (stream `order-{orderId}`). */
import { orderDecider, toOrderStreamId } from '../../domain/order/order.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const orderHandler = aggregateHandler(orderDecider, (data: { orderId: string }) => toOrderStreamId(data.orderId));
