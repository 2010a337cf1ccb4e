// What the twin works on: the target as read (where, its token, what its profile claims), the tables it mirrors,
// what reading them showed, and the rows handed to the mirror's writer one page at a time.
import type { LosslessValue } from '../extract/index.ts';
import type { ServedField } from './field-types.ts';

/** The target being mirrored. */
export interface TwinTarget {
  /** Base URL, without /api. */
  url: string;
  /** Sent as `Authorization` (never shown). */
  token: string | undefined;
  /** The profile's capabilities: which read paths the target claims (`sql`, `offset`, `sort`). */
  capabilities: ReadonlySet<string>;
}

/** One table to mirror: its logical name (the profile's `resources` key) and the id the profile gives it. */
export interface TableToMirror {
  name: string;
  id: string;
}

/** One row as it goes to the mirror: its `_id`, the values it holds and what the mirror's search must answer for it. */
export interface MirrorRow {
  /** The `_id` the target serves; undefined when its records carry none (the mirror then numbers them). */
  id: number | undefined;
  /** The mirror's values, in the order of the table's fields. */
  values: LosslessValue[];
  /** What datastore_search on the mirror must give per field: the target's search value, unless the SQL path's was taken. */
  expected: LosslessValue[];
}

/** Evidence that the target breaks a clause, found while reading its tables (it counts as a failure). */
export interface GuardFinding {
  /** The table's logical name. */
  table: string;
  /** The clause broken, e.g. `api.md#4.2/response-records`. */
  clause: string;
  message: string;
}

/** What reading one table gave. */
export interface TableRead {
  table: TableToMirror;
  /** The table's real id (the `resource_id` the target echoes; the profile's id when it echoes none). */
  resourceId: string;
  fields: ServedField[];
  /** Rows read (and written). */
  rows: number;
  /** The target's `total` for the whole table, when it gives one. */
  total: number | undefined;
  /** Whether its records carry `_id`. */
  hasIds: boolean;
  findings: GuardFinding[];
  /** How the rows were read and checked, for the report (`10 pages of datastore_search, every row also read by SQL`). */
  paths: string[];
  notes: string[];
  /** The real id of a table this one is another name of (an alias in the profile): mirrored once, under that id. */
  sameAs?: string | undefined;
  /** Set when the table is not mirrored: over the row cap, or refused by the target. */
  refused?: string | undefined;
  /** Set when the mirror of this table cannot be trusted (the run stops): the reason. */
  untrusted?: string | undefined;
}
