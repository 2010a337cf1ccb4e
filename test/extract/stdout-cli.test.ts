// `extract --out -` as a pipe's writer, in a process of its own: a reader that stops reading (`| head -5`) ends the
// extract quietly, exit 0, with one line on stderr; the rows it took are the extract's first ones. Stdout on a full
// disk (/dev/full: every write fails with ENOSPC) is the machine's failure: exit 3 and one line, as for --out FILE.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli-bundle.ts';
import { spawnCli, waitFor } from '../helpers/spawn-cli.ts';

describe('extract --out - into a reader that stops', () => {
  it('stops early with exit 0 and says so on stderr, not "write EPIPE"', async () => {
    const cli = spawnCli(['extract', '--reference', '--resource', 'courses', '--out', '-', '--page-size', '10', '--no-dump']);
    await waitFor(() => cli.stdout().includes('\n1,'), 'the first row on stdout');
    // why: what `head` does once it has its lines: it closes its end of the pipe
    cli.child.stdout.destroy();
    expect(await cli.exit).toBe(0);
    expect(cli.stdout().split('\n')[0]).toBe('_id,title,subject,stage,summary,credits,fee,start_date,updated,online,tags,meta,the year');
    expect(cli.stderr()).toContain('stopped early: the reader closed stdout (');
    expect(cli.stderr()).not.toContain('EPIPE');
  }, 60_000);

  it.skipIf(!existsSync('/dev/full'))(
    'exits 3 with one line when stdout is on a full disk (ENOSPC), not 1 or 70 with a stack',
    async () => {
      const full = openSync('/dev/full', 'w');
      try {
        const child = spawn(process.execPath, [CLI_BIN, 'extract', '--reference', '--resource', 'courses', '--out', '-'], {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: { ...process.env, CI: '1', NO_COLOR: '1' },
          stdio: ['ignore', full, 'pipe'],
        });
        let stderr = '';
        child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
        expect(stderr.trim().split('\n')).toEqual(['extract to stdout stopped after 0 rows: cannot write: ENOSPC (no space left on device) (E_ENV)']);
        expect(code).toBe(3);
      } finally {
        closeSync(full);
      }
    },
    60_000,
  );
});
