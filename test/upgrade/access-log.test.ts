// upgrade-check over a generated access log of 1,200 lines (GET searches with q, filters, sort, limit, offset,
// locale paths, some of unknown resources, and lines that are no API call) against two reference servers answering
// as two releases: the log is read as the clients sent it, the unknown resources are counted and not sent, the
// changes CKAN made between the releases are listed with their explanation, and one release against itself shows none.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkUpgrade, type UpgradeOutcome } from '../../src/api/upgrade-check.ts';
import { resolveUpgradeOptions } from '../../src/api/upgrade-options.ts';
import { compileSchema } from '../../src/schema/ajv.ts';
import { UpgradeReportSchema } from '../../src/schema/upgrade-report.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tempDir = useTempDirs('dsk-upgrade-log-');
const RESOURCES = {
  courses: 'df356cc6-0e13-4ba8-bc98-c4706614881b',
  measurements: '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a',
  typeSamples: '618532cb-ff3b-40c9-8e30-2ab721a38603',
  staff: 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff',
};
const UNKNOWN = ['0a0a0a0a-1111-4222-8333-444455556666', '0b0b0b0b-1111-4222-8333-444455556666', 'no-such-alias'];
const LINES = 1200;

/** A deterministic stream of choices (the log is the same on every run). */
function createPicker(seed: number): <T>(items: readonly T[]) => T {
  let state = seed;
  return (items) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    // why: the low bits of this generator repeat with a short period; the high ones do not
    const item = items[Math.floor(state / 65536) % items.length];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  };
}

function search(pick: ReturnType<typeof createPicker>): string {
  const resource = pick([...Object.values(RESOURCES), RESOURCES.courses, RESOURCES.courses, ...(pick([1, 2, 3, 4, 5, 6, 7, 8]) === 1 ? UNKNOWN : [])]);
  const params = new URLSearchParams({ resource_id: resource });
  const options: Array<() => void> = [
    () => params.set('q', pick(['optics', 'seminar', 'quokka', 'conservation', 'zzyzxqwv'])),
    () =>
      params.set(
        'filters',
        JSON.stringify(pick([{ stage: 'Advanced' }, { subject: 'German', stage: 'Advanced' }, { stage: ['Foundation', 'Advanced'] }, { title: 25 }])),
      ),
    () => params.set('sort', pick(['title desc', 'credits asc, _id', '_id desc'])),
    () => params.set('limit', String(pick([0, 1, 5, 20, 50]))),
    () => params.set('offset', String(pick([0, 3, 100, 300]))),
    () => params.set('fields', pick(['_id,title', '_id,title,updated'])),
  ];
  for (const option of options) if (pick([true, false, false])) option();
  const locale = pick(['', '', '', '/fr', '/de', '/pt_BR', '/zz']);
  const api = pick(['/api/3/action', '/api/action']);
  return `${locale}${api}/datastore_search?${params.toString()}`;
}

/** The log, and the distinct requests of unknown resources in it (the test's own count). */
function generateLog(): { text: string; unknownRequests: Map<string, Set<string>> } {
  const pick = createPicker(20261201);
  const lines: string[] = [];
  const unknownRequests = new Map<string, Set<string>>();
  for (let index = 0; index < LINES; index++) {
    const time = `01/Dec/2026:${String(10 + Math.floor(index / 3600)).padStart(2, '0')}:${String(Math.floor(index / 60) % 60).padStart(2, '0')}:${String(index % 60).padStart(2, '0')} +0000`;
    const kind = pick(['search', 'search', 'search', 'search', 'search', 'search', 'page', 'post']);
    const target = kind === 'page' ? pick(['/dataset/courses', '/images/logo.png', '/api/3/action/package_show?id=courses']) : search(pick);
    const named = kind === 'search' ? new URLSearchParams(target.split('?')[1]).get('resource_id') : null;
    if (named !== null && UNKNOWN.includes(named)) unknownRequests.set(named, (unknownRequests.get(named) ?? new Set<string>()).add(target));
    lines.push(`203.0.113.${index % 250} - - [${time}] "${kind === 'post' ? 'POST' : 'GET'} ${target} HTTP/1.1" 200 1234 "-" "client/${index % 7}"`);
  }
  return { text: `${lines.join('\n')}\n`, unknownRequests };
}

async function runUpgrade(from: string, to: string, log: string, out: string): Promise<UpgradeOutcome> {
  const options = resolveUpgradeOptions({ shared: { cwd: ROOT, outDir: out, retries: 1 }, from, to, catalogue: false, requests: log });
  return checkUpgrade(options, { hostname: 'test' });
}

describe('upgrade-check over an access log', () => {
  it('replays 1,200 logged lines on 2.11.5 and 2.12: the changes CKAN made, explained; unknown resources counted, not sent', async () => {
    const dir = tempDir();
    const { text, unknownRequests } = generateLog();
    const log = path.join(dir, 'access.log');
    await writeFile(log, text);
    const { report } = await runUpgrade('2.11.5', '2.12', log, path.join(dir, 'out'));
    expect(compileSchema(UpgradeReportSchema)(report)).toBe(true);
    const requests = report.sources.requests;
    expect(requests?.entries).toBe(LINES);
    expect(requests?.skipped['a POST without its body (access logs keep none)']).toBeGreaterThan(50);
    expect(requests?.skipped['not an API action call']).toBeGreaterThan(50);
    // the unknown resources: each listed with the number of distinct requests naming it, none of them sent
    const missing = Object.fromEntries((requests?.missingResources ?? []).map((m) => [m.id, m.requests]));
    expect(missing).toEqual(Object.fromEntries([...unknownRequests].map(([id, set]) => [id, set.size])));
    const notSent = Object.values(missing).reduce((sum, n) => sum + n, 0);
    expect(requests?.sent).toBe((requests?.unique ?? 0) - notSent);
    expect(report.summary.total).toBe(requests?.sent);
    const byTrait = (id: string) => report.changes.filter((c) => c.explanation.some((e) => e.id === id));
    expect(byTrait('search-links').map((c) => `${c.kind} ${c.what}`)).toContain('key-removed /result/_links');
    expect(byTrait('total-estimation').map((c) => `${c.kind} ${c.what}`)).toContain('key-removed /result/total_estimation_threshold');
    expect(byTrait('timestamp-milliseconds').length).toBeGreaterThan(0);
    // the private resource asked without a token: 2.12 words the refusal its own way
    expect(byTrait('datastore-auth-refusal')[0]?.example.request).toContain('resource_id=${resources.staff}');
    for (const change of report.changes) {
      expect(change.ids.every((id) => id.startsWith('request access.log:'))).toBe(true);
      expect(change.clientRequests).toBeGreaterThanOrEqual(change.requests);
      expect(change.example.a.curl).toContain('curl');
    }
    const linksRemoved = report.changes.find((c) => c.what === '/result/_links');
    // every successful search loses _links on 2.12: the count covers the searches that answered 200 on 2.11.5
    expect(linksRemoved?.requests).toBeGreaterThan(300);
  }, 600_000);

  it('finds no change between a release and itself on the same log', async () => {
    const dir = tempDir();
    const log = path.join(dir, 'access.log');
    await writeFile(log, generateLog().text);
    const { report } = await runUpgrade('2.10.7', '2.10.7', log, path.join(dir, 'out'));
    expect(report.summary.total).toBeGreaterThan(500);
    expect(report.changes).toEqual([]);
    expect(report.summary.error).toBe(0);
  }, 600_000);
});
