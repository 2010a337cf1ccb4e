// A foreign implementation of the API for the tests: its own code and data, faithful or with a planted bug.
export { FOREIGN_BUG_NAMES, FOREIGN_BUGS, type ForeignBug } from './bugs.ts';
export {
  createForeignTables,
  KIND_COUNTS,
  MAINTENANCE_ID,
  OBSERVATIONS_ID,
  STATIONS_ID,
  type ForeignTable,
} from './data.ts';
export { PAGE_SIZES } from './search.ts';
export { FOREIGN_TOKEN, holdForeignDatabase, startForeignImplementation, type ForeignImplementation } from './server.ts';
