// status_show as CKAN answers it (ckan/logic/action/get.py): the site's settings, the plugins and the CKAN
// version, whose key comes first in 2.9 and last from 2.10. Clients (and the kit's own version detection) read
// `ckan_version` from it.
import { ckanTraits } from './ckan-versions.ts';
import type { ActionHandler } from './types.ts';

/** The site title this server reports (CKAN's `ckan.site_title`). */
export const referenceSiteTitle = 'datastore-kit reference server';

/** `ckan.plugins` of a typical DataStore site of each generation (2.9's default ini, else 2.10+'s documented example). */
const plugins29 = ['stats', 'text_view', 'image_view', 'recline_view', 'datastore'];
const plugins210 = ['activity', 'image_view', 'text_view', 'datatables_view', 'datastore'];

/** The `status_show` action; ignores its params, as CKAN does. */
export const statusShow: ActionHandler = async (request, context) => {
  const traits = ckanTraits(context.config.ckanVersion, context.config.ckanRelease);
  const site: Record<string, unknown> = {
    site_title: referenceSiteTitle,
    // why: 2.9's ini template sets an empty description; 2.10+ declares no default, so it is None
    site_description: traits.statusVersionFirst ? '' : null,
    site_url: request.siteUrl ?? '',
  };
  if (traits.statusVersionFirst) site['ckan_version'] = traits.fullVersion;
  site['error_emails_to'] = null;
  site['locale_default'] = 'en';
  site['extensions'] = traits.statusVersionFirst ? plugins29 : plugins210;
  if (!traits.statusVersionFirst) site['ckan_version'] = traits.fullVersion;
  return site;
};
