// `datastore-kit/server` (package.json exports) is src/server/public.ts: the server a user starts, nothing the
// kit's CLI or tests need besides; docs/reference-server.md lists every name it publishes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as publicServer from '../../src/server/public.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('datastore-kit/server', () => {
  it('is built from src/server/public.ts', () => {
    const pkg: unknown = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    // why: the compiled path, read from package.json, not run (tests run the source)
    expect(pkg).toMatchObject({
      exports: { './server': { types: expect.stringMatching(/\/server\/public\.d\.ts$/), default: expect.stringMatching(/\/server\/public\.js$/) } },
    });
  });

  it('publishes the server and its CKAN versions at run time, and no more', () => {
    expect(Object.keys(publicServer).sort()).toEqual(['SERVER_CKAN_VERSIONS', 'startReferenceServer']);
  });

  it('has every name it publishes, types too, in docs/reference-server.md', () => {
    const source = readFileSync(path.join(root, 'src/server/public.ts'), 'utf8');
    const names = [...source.matchAll(/export (?:type )?\{([^}]+)\}/g)].flatMap((m) => (m[1] ?? '').split(',').map((name) => name.trim()));
    expect(names).toHaveLength(9);
    const doc = readFileSync(path.join(root, 'docs/reference-server.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## From code (`datastore-kit/server`)'), doc.indexOf('## In a container'));
    for (const name of names) expect(section, name).toContain(`\`${name}`);
  });
});
