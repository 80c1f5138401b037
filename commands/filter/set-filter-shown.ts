/** SetFilterShown: see `SetFilterShown` in domain/filter/filter.ts for its rules and errors. */
import { filterHandler } from './filter-handler.js';

export const setFilterShown = filterHandler('SetFilterShown');
