// What the `ckan` contract checks differently for each CKAN version: every difference is a trait of the release table
// (schema/ckan-traits/, a fact about CKAN the reference server reads too, held to the recordings), asked of the
// version's newest release. The schemas and the type agreement ask these, never version numbers.
import { DEFAULT_CKAN_VERSION, hasTrait, type CkanVersion } from '../schema/index.ts';

/** How one CKAN version's read responses are shaped where the versions differ. */
export interface ContractTraits {
  readonly version: CkanVersion;
  /** `limit` is always in the search result (2.9+: `configured_default`); 2.8 echoes it only when sent. */
  readonly limitAlwaysEchoed: boolean;
  /**
   * `total_estimation_threshold` is always echoed (null when not sent) and `total_was_estimated` comes with
   * `total` (2.9–2.11). 2.8 does not know the parameter; 2.12 ignores it (`[ignore]` drops the key).
   */
  readonly totalEstimation: boolean;
  /** `_links` in the search result (up to 2.11); 2.12 removed it. */
  readonly links: boolean;
  /** `include_next_page` is always echoed and `next_page` may follow (2.12). */
  readonly nextPage: boolean;
  /**
   * `result.fields` follows the `fields` parameter and lists rank columns (2.9+, `_result_fields`). 2.8 lists
   * every table column whatever was asked, and rank columns appear in the records only.
   */
  readonly fieldsFollowRecords: boolean;
  /** `records_truncated` may appear in a SQL result (2.9+); 2.8 has no row cap. */
  readonly sqlTruncation: boolean;
  /** datastore_search_sql renders `numeric` (Python Decimal) values as JSON strings (up to 2.10). */
  readonly sqlNumericAsString: boolean;
  /** Search renders `timestamp` values with milliseconds (`.mmm`, 2.12 unless ms_in_timestamp is off). */
  readonly timestampMilliseconds: boolean;
  /** `filters` may be a list of filter objects (2.12 filter operators). */
  readonly filterLists: boolean;
}

/** The traits of a version (its newest release's); without one, those of DEFAULT_CKAN_VERSION. */
export function contractTraits(version: CkanVersion = DEFAULT_CKAN_VERSION): ContractTraits {
  return {
    version,
    limitAlwaysEchoed: hasTrait(version, 'limit-always-echoed'),
    totalEstimation: hasTrait(version, 'total-estimation'),
    links: hasTrait(version, 'search-links'),
    nextPage: hasTrait(version, 'next-page'),
    fieldsFollowRecords: hasTrait(version, 'fields-follow-records'),
    sqlTruncation: hasTrait(version, 'sql-truncation'),
    sqlNumericAsString: hasTrait(version, 'sql-numeric-as-string'),
    timestampMilliseconds: hasTrait(version, 'timestamp-milliseconds'),
    filterLists: hasTrait(version, 'filter-operators'),
  };
}
