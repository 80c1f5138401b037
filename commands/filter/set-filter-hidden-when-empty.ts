/** SetFilterHiddenWhenEmpty: see `SetFilterHiddenWhenEmpty` in domain/filter/filter.ts for its rules and errors. */
import { filterHandler } from './filter-handler.js';

export const setFilterHiddenWhenEmpty = filterHandler('SetFilterHiddenWhenEmpty');
