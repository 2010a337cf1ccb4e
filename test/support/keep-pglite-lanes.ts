// Vitest setup file of every project: the suite's reference servers hand their PGlite lanes to the parking keeper,
// so the next server over the same fixtures starts on warm workers (see pglite-lane-keeper.ts).
import { setLaneKeeper } from '../../src/server/engines/lane-keeper.ts';
import { parkingKeeper } from './pglite-lane-keeper.ts';

setLaneKeeper(parkingKeeper);
