import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProfile, parseProfile } from '../../src/catalogue/index.ts';
import { errorLines, writeTree } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

describe('loadProfile', () => {
  it('loads the committed profiles', async () => {
    const reference = await loadProfile('profiles/reference.yaml');
    expect(reference).toMatchObject({ name: 'reference', data: 'fixtures' });
    expect(reference.capabilities).toEqual(expect.arrayContaining(['sql', 'private', 'token', 'locale']));
    const portal = await loadProfile('profiles/example-portal.yaml');
    expect(portal).toMatchObject({ name: 'example-portal', data: 'other', token: { env: 'PORTAL_API_TOKEN' } });
  });

  it('maps the reference resources to the bundled fixtures ids, and the example profile names known values', async () => {
    const reference = await loadProfile('profiles/reference.yaml');
    const pkg: unknown = JSON.parse(await readFile('fixtures/datapackage.json', 'utf8'));
    const ids =
      typeof pkg === 'object' && pkg !== null && 'resources' in pkg && Array.isArray(pkg.resources)
        ? pkg.resources.map((r: unknown) => (typeof r === 'object' && r !== null && 'name' in r ? r.name : undefined))
        : [];
    expect(ids).toEqual(expect.arrayContaining(Object.values(reference.resources ?? {})));
    // The example names only values the catalogue knows (a typo there would make cases silently not applicable).
    const portal = await loadProfile('profiles/example-portal.yaml');
    const unknown = Object.keys(portal.values ?? {}).filter((k) => !Object.hasOwn(reference.values ?? {}, k));
    expect(unknown).toEqual([]);
  });

  it.each([
    ['a missing field', 'name: x\ncapabilities: []\n', ["p.yaml:1:1 must have required property 'data' (E_PROFILE_INVALID)"]],
    ['a bad data kind', 'name: x\ndata: mine\ncapabilities: []\n', ['p.yaml:2:7 /data must be one of fixtures, other (E_PROFILE_INVALID)']],
    [
      'an unknown field',
      'name: x\ndata: other\ncapabilities: []\nresource: {}\n',
      ['p.yaml:4:1 unknown field "resource" (did you mean resources?) (E_PROFILE_INVALID)'],
    ],
    [
      'a bad resource name',
      'name: x\ndata: other\ncapabilities: []\nresources:\n  "a b": id\n',
      ['p.yaml:5:3 /resources unknown field "a b" (E_PROFILE_INVALID)'],
    ],
    [
      'a bad token variable',
      'name: x\ndata: other\ncapabilities: []\ntoken: { env: "my-token" }\n',
      ['p.yaml:4:15 /token/env must match pattern ^[A-Za-z_][A-Za-z0-9_]*$ (E_PROFILE_INVALID)'],
    ],
    [
      'a YAML error',
      'name: [x\n',
      ['p.yaml:2:1 YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ] (E_PROFILE_INVALID)'],
    ],
  ])('reports %s with file:line:col', (_name, text, expected) => {
    expect(() => parseProfile(text, 'p.yaml')).toThrow(expected.join('\n'));
  });

  it('reports an unreadable file', async () => {
    const { dir, remove } = await writeTree({});
    cleanups.push(remove);
    expect(await errorLines(() => loadProfile(`${dir}/none.yaml`), dir)).toEqual(['none.yaml cannot read the profile file (E_PROFILE_INVALID)']);
  });
});
