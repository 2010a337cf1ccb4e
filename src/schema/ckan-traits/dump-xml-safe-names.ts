import { defineCkanTrait } from './trait.ts';

export const dumpXmlSafeNames = defineCkanTrait({
  id: 'dump-xml-safe-names',
  kind: 'change',
  does: 'A dump as XML makes element names safe: `rating with %` becomes `<rating_with_>`.',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#8340',
  changelog: '2.12.0: "DataStore dump XML format now conforms field names to XML element name conventions. (#8340)"',
  evidence: 'recorded: 2.12 (dump.jsonl.gz), raw names on 2.9.11 to 2.11.5; source: writer.py at dev-v2.12',
});
