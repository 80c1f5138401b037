/** The handler factory of the Filter aggregate (stream `filter-{name}`, domain/filter/filter.ts). */
import { filterDecider, filterStreamId } from '../../domain/filter/filter.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const filterHandler = aggregateHandler(filterDecider, (data: { name: string }) => filterStreamId(data.name.trim()));
