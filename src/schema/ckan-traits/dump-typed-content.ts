import { defineCkanTrait } from './trait.ts';

export const dumpTypedContent = defineCkanTrait({
  id: 'dump-typed-content',
  kind: 'change',
  does: "/datastore/dump answers with its format's content type (`text/csv`, `text/tab-separated-values`, `application/json`, `text/xml`, `; charset=utf-8`) and an XML root without the `xsi` namespace; later releases stream `application/octet-stream`.",
  releases: [{ max: '2.9.10' }, { min: '2.10.0', max: '2.10.2' }],
  ref: 'ckan/ckan#7839 ("Fixed Octet Streaming for Datastore Dump requests")',
  changelog: '2.10.3: "Fixed Octet Streaming for Datastore Dump requests. (#7839)"',
  evidence:
    'recorded: 2.10.0 (dump.jsonl.gz), octet-stream on 2.9.11, 2.10.7 and later; source: writer.py at ckan-2.9.10, ckan-2.9.11, ckan-2.10.1, ckan-2.10.3',
});
