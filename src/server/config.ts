// Settings of the reference server: CKAN's defaults, and the one function that fills them in.
import { DEFAULT_CKAN_VERSION, LATEST_CKAN_RELEASES, readCkanVersionText } from '../schema/ckan-version.ts';
import { isServerCkanVersion, SERVER_CKAN_VERSIONS } from './ckan-versions.ts';
import type { ServerConfig } from './types.ts';

/**
 * Locale codes CKAN 2.11 ships translations for (ckan/i18n), accepted as a first path segment
 * before /api. `en` always works.
 */
export const ckanLocales: readonly string[] = Object.freeze([
  'ar',
  'bg',
  'bs',
  'ca',
  'cs_CZ',
  'da_DK',
  'de',
  'el',
  'en',
  'en_AU',
  'en_GB',
  'es',
  'es_AR',
  'eu',
  'fa_IR',
  'fi',
  'fr',
  'gl',
  'gl_ES',
  'he',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'km',
  'ko_KR',
  'lo',
  'lt',
  'lv',
  'mk',
  'mn_MN',
  'my_MM',
  'nb_NO',
  'ne',
  'nl',
  'no',
  'pl',
  'pt_BR',
  'pt_PT',
  'ro',
  'ru',
  'sk',
  'sl',
  'sq',
  'sr',
  'sr_Latn',
  'sv',
  'th',
  'tl',
  'tr',
  'uk',
  'uk_UA',
  'vi',
  'zh_Hans_CN',
  'zh_Hant_TW',
]);

/** 1 MiB: the default request body cap. CKAN has none; a reference server must not buffer without bound. */
export const defaultMaxBodyBytes = 1024 * 1024;

/** CKAN's defaults for the settings `serve` has flags for (rows 100/32000, 60 s statement timeouts, SQL on). */
export const SERVER_CONFIG_DEFAULTS = Object.freeze({
  rowsDefault: 100,
  rowsMax: 32000,
  sqlEnabled: true,
  sqlTimeoutMs: 60_000,
  searchTimeoutMs: 60_000,
});

/**
 * Fills a partial configuration with CKAN's defaults (rows 100/32000, 60 s timeouts, SQL on, no tokens,
 * CKAN's locales, 1 MiB body cap, CKAN 2.11) and returns frozen data. Inputs are not mutated. Throws a
 * RangeError for a CKAN version the server cannot answer as.
 */
export function resolveServerConfig(partial: ServerConfigInput = {}): ServerConfig {
  const { ckanVersion, ckanRelease } = readCkanRelease(partial.ckanRelease ?? partial.ckanVersion);
  const config: ServerConfig = {
    rowsDefault: partial.rowsDefault ?? SERVER_CONFIG_DEFAULTS.rowsDefault,
    rowsMax: partial.rowsMax ?? SERVER_CONFIG_DEFAULTS.rowsMax,
    apiTokens: Object.freeze([...(partial.apiTokens ?? [])]),
    sqlEnabled: partial.sqlEnabled ?? SERVER_CONFIG_DEFAULTS.sqlEnabled,
    sqlTimeoutMs: partial.sqlTimeoutMs ?? SERVER_CONFIG_DEFAULTS.sqlTimeoutMs,
    searchTimeoutMs: partial.searchTimeoutMs ?? SERVER_CONFIG_DEFAULTS.searchTimeoutMs,
    allowedFunctions: Object.freeze([...(partial.allowedFunctions ?? [])]),
    locales: Object.freeze([...(partial.locales ?? ckanLocales)]),
    siteUrl: partial.siteUrl === undefined ? undefined : partial.siteUrl.replace(/\/+$/, ''),
    maxBodyBytes: partial.maxBodyBytes ?? defaultMaxBodyBytes,
    ckanVersion,
    ckanRelease,
  };
  return Object.freeze(config);
}

/** A partial configuration; `ckanVersion` may name a release ("2.11.5"), which then sets `ckanRelease` too. */
export type ServerConfigInput = Partial<Omit<ServerConfig, 'ckanVersion'>> & { ckanVersion?: string | undefined };

function readCkanRelease(text: string | undefined): { ckanVersion: ServerConfig['ckanVersion']; ckanRelease: string } {
  const chosen = text ?? DEFAULT_CKAN_VERSION;
  const named = readCkanVersionText(chosen);
  if (named !== undefined && isServerCkanVersion(named.minor)) {
    return { ckanVersion: named.minor, ckanRelease: named.release ?? LATEST_CKAN_RELEASES[named.minor] };
  }
  throw new RangeError(`the reference server answers as CKAN ${SERVER_CKAN_VERSIONS.join(', ')} (or a release of one, e.g. 2.11.5), not ${chosen}`);
}
