// What the reference server answers differently for each CKAN version it can imitate. Every difference a
// client can see is one named trait here, read from CKAN's source at the tag of each version (ckan-datastore.md
// §7 and the [2.10]/[2.12] flags); the actions ask traits, never version numbers.
import { compareCkanVersions, LATEST_CKAN_RELEASES, type CkanVersion } from '../schema/ckan-version.ts';
import { hasTrait } from '../schema/ckan-traits/index.ts';

/** The CKAN versions the reference server can answer as, oldest first (2.8 differs too much to imitate cheaply). */
export const SERVER_CKAN_VERSIONS = ['2.9', '2.10', '2.11', '2.12'] as const;

/** A CKAN version the reference server can answer as. */
export type ServerCkanVersion = (typeof SERVER_CKAN_VERSIONS)[number];

/** Whether the reference server can answer as this version. */
export function isServerCkanVersion(value: unknown): value is ServerCkanVersion {
  return typeof value === 'string' && (SERVER_CKAN_VERSIONS as readonly string[]).includes(value);
}

/** How one CKAN release behaves where the releases differ. */
export interface CkanTraits {
  /** `ckan_version` in status_show: the release imitated (by default the newest of the minor; 2.12: the dev branch's). */
  fullVersion: string;
  /** status_show lists `ckan_version` before `error_emails_to` (2.9) or last (2.10+). */
  statusVersionFirst: boolean;
  /** The `full_text` param exists (2.10+); before, it is an unexpected param (`__junk`). */
  fullTextParam: boolean;
  /** Filter values on text columns are turned into strings (2.11+); before, `{"text": 42}` is an Invalid query. */
  stringifyTextFilters: boolean;
  /** A body with a non-JSON content type is a 415 page (Werkzeug 2.3, CKAN 2.11+); before, it decodes to None (400). */
  unsupportedMediaType415: boolean;
  /** datastore_search_sql renders `numeric` values as JSON strings (up to 2.10; 2.11 sends numbers). */
  sqlNumericAsString: boolean;
  /** SQL permission refusals carry a dict repr (`{'permissions': [...]}`) as their detail (2.9). */
  sqlPermissionDict: boolean;
  /** `_links` in the search result (up to 2.11). */
  links: boolean;
  /** `total_estimation_threshold` is echoed and `total_was_estimated` reported (up to 2.11). */
  totalEstimation: boolean;
  /** 2.12: filter operators, lists of filters, `include_next_page` / `next_page`, lists of objects not flattened as junk. */
  filterOperators: boolean;
  /** Timestamps in search records carry milliseconds (2.12, ckan.datastore.ms_in_timestamp default true). */
  timestampMilliseconds: boolean;
  /** Text between "Bad request" and the detail of a bare 400 string: " - " (up to 2.11), ": " (2.12). */
  badRequestSeparator: string;
  /**
   * NaN/Infinity floats in datastore_search_sql results: bare `NaN`/`Infinity` tokens (simplejson 3 with allow_nan,
   * up to 2.11; not valid JSON) or a refusal of the whole answer (simplejson 4.1 in 2.12: CKAN's 500 page).
   */
  sqlNonFiniteFloats: NonFiniteFloats;
  /** The user a JSONP call runs as, as refusals name it: `None` (2.9 clears the user), else the anonymous ``. */
  jsonpUserName: string;
  /**
   * 2.12's datastore_auth catches the core refusal and words its own: searches say `User  not authorized to
   * perform resource_show on resource <id>`, SQL `Not authorized to read resource.`. Before, the core's
   * `User  not authorized to read resource <id>` came through.
   */
  datastoreAuthRefusal: boolean;
  /**
   * A backslash-quote (`\\'`) in SQL is refused as "not a single statement": a security fix of 2.10.10 and 2.11.5,
   * not in 2.9.11 nor in 2.12's dev branch (nor earlier patches).
   */
  backslashQuoteRefusal: boolean;
  /** SQLAlchemy's error link before the error code, as its version writes it (1.3 in 2.9, 1.4, 2.0 in 2.12). */
  sqlalchemyErrorUrl: string;
  /**
   * The search statement's shape: `flat` (2.9, 2.10.0-2.10.7, 2.11.0-2.11.2), `inner-sort` (2.10.8+, 2.11.3+: the
   * page is sorted and cut in a subselect and DISTINCT applies after LIMIT, CKAN #8709), `cte` (2.12).
   */
  searchLayout: 'flat' | 'inner-sort' | 'cte';
  /** How search statements take their values: `%s` and a list (up to 2.10), `%(value_N)s` and a dict (2.11+). */
  paramStyle: 'format' | 'pyformat';
}

/** How a JSON encoder treats NaN and Infinity floats: writes them as bare tokens, or refuses to encode. */
export type NonFiniteFloats = 'token' | 'refuse';

/** The traits of a version, as its release `release` (default: the newest release of the minor) answers. */
export function ckanTraits(version: ServerCkanVersion, release: string = LATEST_CKAN_RELEASES[version]): CkanTraits {
  const atLeast = (other: CkanVersion): boolean => compareCkanVersions(version, other) >= 0;
  const innerSort = hasTrait(release, 'distinct-after-limit');
  return {
    fullVersion: release,
    statusVersionFirst: !atLeast('2.10'),
    fullTextParam: atLeast('2.10'),
    stringifyTextFilters: atLeast('2.11'),
    unsupportedMediaType415: atLeast('2.11'),
    sqlNumericAsString: !atLeast('2.11'),
    sqlPermissionDict: !atLeast('2.10'),
    links: !atLeast('2.12'),
    totalEstimation: !atLeast('2.12'),
    filterOperators: atLeast('2.12'),
    timestampMilliseconds: atLeast('2.12'),
    badRequestSeparator: atLeast('2.12') ? ': ' : ' - ',
    sqlNonFiniteFloats: atLeast('2.12') ? 'refuse' : 'token',
    jsonpUserName: atLeast('2.10') ? '' : 'None',
    datastoreAuthRefusal: atLeast('2.12'),
    backslashQuoteRefusal: hasTrait(release, 'backslash-quote-refused'),
    sqlalchemyErrorUrl: atLeast('2.12') ? 'https://sqlalche.me/e/20/' : atLeast('2.10') ? 'https://sqlalche.me/e/14/' : 'http://sqlalche.me/e/',
    searchLayout: atLeast('2.12') ? 'cte' : innerSort ? 'inner-sort' : 'flat',
    paramStyle: atLeast('2.11') ? 'pyformat' : 'format',
  };
}
