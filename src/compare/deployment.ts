// A deployment's identity, hidden before two answers are compared: the same data served by another host, behind a
// proxy or under another site name must compare equal. What names the deployment, not the data:
// status_show's site fields and plugins, the host in a JSONP answer's help URL, the text of an HTML (error) page.
import { isPlainObject } from '../util/json.ts';
import { getChild } from '../util/json-pointer.ts';
import { withKey } from './json-edit.ts';

/** Marker written where a deployment's own value was. */
export const DEPLOYMENT_VALUE = '<deployment>';

/** status_show fields that describe the site, not the DataStore (ckan-datastore.md 2.1). */
const SITE_FIELD = /^(site_.*|extensions|error_emails_to|locale_default)$/;
const JSONP = /^\s*[\w$.]+\(/;
const JSONP_HELP_HOST = /("help"\s*:\s*")[a-z][a-z\d+.-]*:\/\/[^/"]*/gi;
const HTML_PAGE = /^\s*(<!doctype html|<html)/i;

/** The body with the deployment's identity replaced; the same value when there is none. */
export function hideDeployment(body: unknown): unknown {
  if (typeof body === 'string') {
    if (HTML_PAGE.test(body)) return `<HTML page, ${DEPLOYMENT_VALUE}>`;
    return JSONP.test(body) ? body.replace(JSONP_HELP_HOST, '$1') : body;
  }
  const result = getChild(body, 'result');
  if (!isPlainObject(body) || !isPlainObject(result) || !Object.hasOwn(result, 'ckan_version')) return body;
  let next = result;
  for (const key of Object.keys(result)) if (SITE_FIELD.test(key)) next = withKey(next, key, DEPLOYMENT_VALUE);
  return next === result ? body : withKey(body, 'result', next);
}
