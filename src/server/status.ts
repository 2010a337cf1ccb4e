// status_show as CKAN answers it (ckan/logic/action/get.py): the site's settings, the plugins and the CKAN
// version, whose key comes first in 2.9 and last from 2.10. Clients (and the kit's own version detection) read
// `ckan_version` from it. The settings are those of the recorded CKAN sites (test/ckan-recordings/README.md): a
// default configuration with only the DataStore's plugins.
import { ckanTraits } from './ckan-versions.ts';
import type { ActionHandler } from './types.ts';

/** The site title this server reports (CKAN's default `ckan.site_title`). */
export const referenceSiteTitle = 'CKAN';

/** `ckan.plugins` of the recorded sites: the DataStore, and from 2.10 the activity plugin it is shipped with. */
const plugins29 = ['datastore'];
const plugins210 = ['activity', 'datastore'];

/** The `status_show` action; ignores its params, as CKAN does. */
export const statusShow: ActionHandler = async (request, context) => {
  const traits = ckanTraits(context.config.ckanRelease);
  const versionFirst = traits.has('status-version-first');
  const site: Record<string, unknown> = { site_title: referenceSiteTitle, site_description: '', site_url: request.siteUrl ?? '' };
  if (versionFirst) site['ckan_version'] = traits.release;
  // why: 2.9 has no default for ckan.error_email_to (None); 2.10's config declarations default it to ""
  site['error_emails_to'] = versionFirst ? null : '';
  site['locale_default'] = 'en';
  site['extensions'] = versionFirst ? plugins29 : plugins210;
  if (!versionFirst) site['ckan_version'] = traits.release;
  return site;
};
