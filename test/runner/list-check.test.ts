// `list`, `check` and `run --list`: they read the catalogue and send nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { createCapturedIo, makeTempDir, removeDir, writeJsonFiles } from './helpers.ts';

const catalogue = {
  'cases/search.json': {
    cases: [
      { id: 'search/a', title: 'First', class: 'search.core', spec: ['s'], tags: ['smoke'], request: { action: 'datastore_search' }, expect: {} },
      {
        id: 'search/b',
        title: 'Second',
        class: 'search.get',
        spec: ['s'],
        variants: { method: ['POST', 'GET'] },
        request: { action: 'datastore_search' },
        expect: {},
      },
    ],
  },
};

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
  await writeJsonFiles(dir, catalogue);
});
afterEach(async () => {
  await removeDir(dir);
});

describe('list', () => {
  it('prints each selected case with its class, title and variant count', async () => {
    const { io, stdout } = createCapturedIo(dir);
    expect(await main(['list'], io)).toBe(0);
    expect(stdout()).toBe(['search/a  search.core  First', 'search/b  search.get   Second [2 variants]', '2 cases, 3 variants', ''].join('\n'));
  });

  it('applies the selection flags', async () => {
    const { io, stdout } = createCapturedIo(dir);
    expect(await main(['list', '--tag', 'smoke'], io)).toBe(0);
    expect(stdout()).toBe('search/a  search.core  First\n1 case, 1 variant\n');
  });

  it('is what run --list prints, without a target', async () => {
    const { io, stdout } = createCapturedIo(dir);
    expect(await main(['run', '--list', '--grep', 'Second'], io)).toBe(0);
    expect(stdout()).toBe('search/b  search.get  Second [2 variants]\n1 case, 2 variants\n');
  });
});

describe('check', () => {
  it('exits 0 without a profile even when nothing would apply, and names why variants are not applicable', async () => {
    await writeJsonFiles(dir, {
      'cases/typo.json': {
        cases: [
          {
            id: 'typo/a',
            title: 'Typo',
            class: 'search.core',
            spec: ['s'],
            request: { action: 'datastore_search', params: { resource_id: '${resources.cuorses}' } },
            expect: {},
          },
        ],
      },
    });
    const { io, stdout } = createCapturedIo(dir);
    expect(await main(['check'], io)).toBe(0);
    expect(stdout()).toContain('cases: 3 cases, 4 variants are valid (profile "default"); 1 not applicable to this profile\n');
    expect(stdout()).toContain('  not applicable: profile "default" has no ${resources.cuorses}: typo/a\n');
  });

  it('exits 0 for a valid catalogue', async () => {
    const { io, stdout } = createCapturedIo(dir);
    expect(await main(['check'], io)).toBe(0);
    expect(stdout()).toBe('cases: 2 cases, 3 variants are valid (profile "default")\n');
  });

  it('exits 2 with file:line:col for an invalid case, and an invalid profile', async () => {
    await writeJsonFiles(dir, {
      'cases/bad.json': { cases: [{ id: 'bad/one', title: 'x', class: 'search.core', spec: ['s'], request: { action: '' }, expect: {} }] },
      'bad-profile.json': { name: 'p', data: 'maybe', capabilities: [] },
    });
    const first = createCapturedIo(dir);
    expect(await main(['check'], first.io)).toBe(2);
    expect(first.stderr()).toMatch(/bad\.json:\d+:\d+ \[bad\/one\] \/request\/action .*\(E_CASE_INVALID\)/);
    const second = createCapturedIo(dir);
    expect(await main(['check', '--cases', 'cases/search.json', '--profile', 'bad-profile.json'], second.io)).toBe(2);
    expect(second.stderr()).toMatch(/bad-profile\.json:\d+:\d+ \/data .*\(E_PROFILE_INVALID\)/);
  });
});
