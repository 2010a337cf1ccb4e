// `datastore-kit upgrade-check` through main(): one line and exit 2 for each bad input before any server starts,
// a traffic file's bad line named, exit 0 for no change (a release against itself) with the reports written.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tempDir = useTempDirs('dsk-upgrade-cli-');

async function upgradeCheck(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo(ROOT, {});
  const code = await main(['upgrade-check', ...args], captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe('datastore-kit upgrade-check', () => {
  it.each([
    [[], /upgrade-check needs --from RELEASE \(e\.g\. --from 2\.10\.7 --to 2\.11\.5\), or two --target URLs/],
    [['--from', '2.10.7'], /needs --to RELEASE/],
    [['--from', '3.1', '--to', '2.11.5'], /--from names a CKAN release the reference server imitates \(2\.9, 2\.10, 2\.11, 2\.12.*got "3\.1"/],
    [['--from', '2.8', '--to', '2.11.5'], /--from names a CKAN release the reference server imitates/],
    [['--from', '2.10.7', '--to', '2.11.5', '--sample', '5'], /--sample needs --requests FILE/],
    [['--from', '2.10.7', '--to', '2.11.5', '--seed', '5'], /--seed needs --generate N or --sample N/],
    [['--from', '2.10.7', '--to', '2.11.5', '--no-catalogue'], /--no-catalogue sends nothing without --generate N or --requests FILE/],
    [['--target', 'http://127.0.0.1:9'], /compares two live targets: --target A --target B \(got 1\)/],
    [['--target', 'http://127.0.0.1:9', '--target', 'http://127.0.0.1:9', '--fixtures', 'fixtures'], /--fixtures is for the reference servers/],
    [['--from', '2.10.7', '--to', '2.11.5', '--fixtures', 'elsewhere'], /the catalogue and --generate need a profile naming the resources of elsewhere\//],
    [['--from', '2.10.7', '--to', '2.11.5', '--report', 'junit'], /--report for upgrade-check takes json, md, html/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const { code, stderr } = await upgradeCheck(...args);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(code).toBe(2);
  });

  it('names the line of the traffic file that is not a request (exit 2)', async () => {
    const log = path.join(tempDir(), 'access.log');
    await writeFile(log, '192.0.2.1 - - [01/Dec/2026:10:00:00 +0000] "GET /api/3/action/status_show HTTP/1.1" 200 9\nGET /api/3/action/status_show\n');
    const { code, stderr } = await upgradeCheck('--from', '2.10.7', '--to', '2.11.5', '--requests', log, '--no-catalogue');
    expect(stderr).toMatch(/^access\.log:2 not a line of the common or combined log format .*\(E_REQUESTS_INVALID\)\n$/);
    expect(code).toBe(2);
  });

  it('exits 0 for a release against itself, and writes upgrade.json, upgrade.md and upgrade.html', async () => {
    const out = tempDir();
    const { code, stdout } = await upgradeCheck('--from', '2.11.2', '--to', '2.11.2', '--id', 'search/limit', '--out', out);
    expect(stdout).toMatch(/2\.11\.2 -> 2\.11\.2: no change a client sees \(0 of \d+ request pairs answered differently, 0 got no answer from a side\)/);
    expect(code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['upgrade.html', 'upgrade.json', 'upgrade.md']);
  });
});
