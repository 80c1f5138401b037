/** The handler factory of the User aggregate (stream `user-{id}`, domain/user/user.ts). */
import { toUserStreamId, userDecider } from '../../domain/user/user.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const userHandler = aggregateHandler(userDecider, (data: { userId: string }) => toUserStreamId(data.userId));
