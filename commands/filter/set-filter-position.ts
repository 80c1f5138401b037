/** SetFilterPosition: see `SetFilterPosition` in domain/filter/filter.ts for its rules and errors. */
import { filterHandler } from './filter-handler.js';

export const setFilterPosition = filterHandler('SetFilterPosition');
