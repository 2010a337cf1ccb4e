import { defineCkanTrait } from './trait.ts';

export const statusVersionFirst = defineCkanTrait({
  id: 'status-version-first',
  kind: 'change',
  does: 'status_show lists `ckan_version` before `error_emails_to` (null) and names the 2.9 plugins; later releases list it last, with `error_emails_to` "".',
  releases: { max: '2.9' },
  ref: "CKAN 2.10's status_show (ckan/logic/action/get.py)",
  evidence: 'recorded: status_show on 2.9.11 and 2.10.0 to 2.12; source: ckan/logic/action/get.py status_show at ckan-2.9.11 and ckan-2.10.0',
});
