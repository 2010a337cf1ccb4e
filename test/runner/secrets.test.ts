// URL credentials and tokens never reach the console, the reports, the step summary or the unreachable line,
// even when the target echoes them back escaped.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { createCapturedIo, findClosedPort, useScenario } from './helpers.ts';

const password = 'pw-Zq8&x<y>';
const token = 'tk-R7+/=&"<';
const catalogue = {
  'cases/search.json': {
    cases: [
      {
        id: 'search/echo',
        title: 'Echo',
        class: 'search.core',
        spec: ['api.md#4.1'],
        request: { action: 'datastore_search', params: { resource_id: 'x' } },
        expect: { status: 200, success: false },
      },
    ],
  },
};

const scenario = useScenario(catalogue);

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every escaped form of the password and the token that must not appear anywhere. */
const leaks = (text: string): string[] =>
  [password, token, encodeURIComponent(password), encodeURIComponent(token), escapeHtml(token), 'pw-Zq8', 'tk-R7'].filter((s) => text.includes(s));

describe('secrets in the target URL and the token', () => {
  it('are masked in the console, all five reports and the step summary, even when echoed back escaped', async () => {
    const server = await scenario.serve((req, res) => {
      const auth = req.headers.authorization ?? '';
      // echoes the token HTML-escaped, URL-encoded and raw, and the password URL-encoded
      const echo = `${escapeHtml(auth)} ${encodeURIComponent(auth)} ${encodeURIComponent(password)} ${auth}`;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: true, result: { echo } }));
    });
    const stepSummary = path.join(scenario.dir, 'step.md');
    const target = server.url.replace('//', `//user:${encodeURIComponent(password)}@`);
    const { io, stdout, stderr } = createCapturedIo(scenario.dir, { MY_TOKEN: token, GITHUB_STEP_SUMMARY: stepSummary });
    const code = await main(['run', '--target', target, '--token-env', 'MY_TOKEN', '--allow-empty'], io);
    expect(code).toBe(1);
    expect(stdout()).toContain('against http://user:***@127.0.0.1');
    const files = await readdir(path.join(scenario.dir, 'reports'));
    const texts = await Promise.all([...files.map((f) => path.join(scenario.dir, 'reports', f)), stepSummary].map((f) => readFile(f, 'utf8')));
    expect(texts).toHaveLength(6);
    expect(texts.join('\n')).toContain('user:***@127.0.0.1');
    expect([stdout(), stderr(), ...texts].flatMap(leaks)).toEqual([]);
  });

  it('are masked in the unreachable line', async () => {
    const port = await findClosedPort();
    const { io, stderr } = createCapturedIo(scenario.dir);
    const code = await main(['run', '--target', `http://user:${encodeURIComponent(password)}@127.0.0.1:${port}`, '--report', 'json'], io);
    expect(code).toBe(3);
    expect(stderr()).toBe(`target http://user:***@127.0.0.1:${port} is unreachable: connect ECONNREFUSED (E_UNREACHABLE)\n`);
  });
});
