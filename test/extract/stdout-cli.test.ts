// `extract --out -` as a pipe's writer, in a process of its own: a reader that stops reading (`| head -5`) ends the
// extract quietly, exit 0, with one line on stderr; the rows it took are the extract's first ones.
import { describe, expect, it } from 'vitest';
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
});
