// The HTML report as a person uses it: a real run (a small catalogue with one wrong expectation, against the
// reference server with a known token) writes report.html, which Chromium opens from disk. The filters by status,
// class and text, the counts, the URL hash, the collapsed requests of passing variants, the page without
// JavaScript, and no token and no console error anywhere. Skips when Debian's chromium is not installed.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { runCliInProcess } from '../helpers/captured-io.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'html-report-token-5b1e8d07';

const courses = { resource_id: '${resources.courses}', limit: 2 };
const scenario = {
  cases: [
    {
      id: 'report/limit',
      title: 'limit caps the records',
      class: 'search.core',
      spec: ['api.md#4.1'],
      request: { action: 'datastore_search', params: courses },
      variants: { method: ['POST', 'GET'] },
      expect: { status: 200, records: { count: 2 } },
    },
    {
      id: 'report/limit-wrong',
      title: 'a deliberately wrong expectation',
      class: 'search.core',
      spec: ['api.md#4.1'],
      request: { action: 'datastore_search', params: courses },
      expect: { status: 200, records: { count: 3 } },
    },
    {
      id: 'report/private',
      title: 'the token reads the private resource',
      class: 'auth',
      spec: ['api.md#5'],
      needs: ['private', 'token'],
      request: { action: 'datastore_search', params: { resource_id: '${resources.staff}', limit: 1 } },
      expect: { status: 200, records: { count: 1 } },
    },
    {
      id: 'report/later',
      title: 'not sent yet',
      class: 'auth',
      spec: ['api.md#5'],
      skip: 'waiting for a fixture',
      request: { action: 'datastore_search', params: courses },
      expect: { status: 200 },
    },
  ],
};
const VARIANTS = 5;

let dir: string;
let server: ReferenceServer;
let browser: Browser;
let reportUrl: string;

/** Opens the report in a fresh page that records console errors and uncaught exceptions. */
async function openReport(hash = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  // why: a missing element fails the test in seconds, not at Playwright's 30 s default
  page.setDefaultTimeout(5_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${reportUrl}${hash}`);
  return { page, errors };
}

const rows = (page: Page) => page.locator('table.variants tbody tr');
const visibleRows = (page: Page) => page.locator('table.variants tbody tr:not([hidden])');
const showing = (page: Page) => page.locator('form.filters .showing');
const statusBox = (page: Page, status: string) => page.locator(`form.filters input[name="status"][value="${status}"]`);

async function attributesOf(page: Page, name: string): Promise<string[]> {
  return visibleRows(page).evaluateAll((found, attribute) => found.map((row) => row.getAttribute(attribute) ?? ''), name);
}

describe.skipIf(!hasChromium)(`the HTML report in Chromium${hasChromium ? '' : ` (skipped: no ${CHROMIUM}; apt-get install chromium)`}`, () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dsk-html-browser-'));
    await writeFile(path.join(dir, 'cases.json'), JSON.stringify(scenario));
    server = await startReferenceServer({ fixturesDir: path.join(ROOT, 'fixtures'), port: 0, config: { apiTokens: [TOKEN] } });
    const out = path.join(dir, 'reports');
    const args = ['run', '--target', server.url, '--profile', 'profiles/reference.yaml', '--token-env', 'HTML_REPORT_TOKEN'];
    const run = await runCliInProcess([...args, '--cases', dir, '--report', 'html,json', '--out', out], { cwd: ROOT, env: { HTML_REPORT_TOKEN: TOKEN } });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 1, stderr: '' });
    const report: unknown = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ summary: { total: VARIANTS, pass: 3, fail: 1, skipped: 1 } });
    reportUrl = pathToFileURL(path.join(out, 'report.html')).href;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('shows every variant and the status counts, then only the failed ones when "failed" is ticked', async () => {
    const { page, errors } = await openReport();
    await expect.poll(() => showing(page).textContent()).toBe(`showing ${VARIANTS} of ${VARIANTS} variants`);
    expect(await rows(page).count()).toBe(VARIANTS);
    const counts = await page.locator('form.filters [data-count]').evaluateAll((found) => found.map((c) => `${c.getAttribute('data-count')} ${c.textContent}`));
    expect(counts).toEqual(['fail 1', 'pass 3', 'skipped 1']);

    await statusBox(page, 'fail').check();
    expect(await attributesOf(page, 'data-status')).toEqual(['fail']);
    expect(await showing(page).textContent()).toBe(`showing 1 of ${VARIANTS} variants`);
    expect(await visibleRows(page).locator('code').first().textContent()).toBe('report/limit-wrong');
    expect(await page.locator('details.case.fail').isVisible()).toBe(true);

    await statusBox(page, 'pass').check();
    expect(await attributesOf(page, 'data-status')).toEqual(['fail', 'pass', 'pass', 'pass']);
    await statusBox(page, 'fail').uncheck();
    expect(await attributesOf(page, 'data-status')).toEqual(['pass', 'pass', 'pass']);
    // the failures section has no variant left to show
    expect(await page.locator('section.group').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('narrows to a case by text (id or finding message) and by class, with the counts following', async () => {
    const { page, errors } = await openReport();
    const text = page.locator('form.filters input[name="q"]');
    await text.fill('report/private');
    expect(await visibleRows(page).locator('td:nth-child(2) > code').allTextContents()).toEqual(['report/private']);
    await text.fill('expected 3 RECORDS');
    // Enter in the field submits nothing (the page stays, no policy refusal in the console)
    await text.press('Enter');
    expect(await visibleRows(page).locator('td:nth-child(2) code').allTextContents()).toEqual(['report/limit-wrong']);
    await text.fill('');

    await page.locator('form.filters select[name="class"]').selectOption('auth');
    expect(await attributesOf(page, 'data-class')).toEqual(['auth', 'auth']);
    expect(await showing(page).textContent()).toBe(`showing 2 of ${VARIANTS} variants`);
    expect(await page.locator('form.filters [data-count="pass"]').textContent()).toBe('1');
    expect(await page.locator('form.filters [data-count="fail"]').textContent()).toBe('0');
    // the failing variant is of another class: its detail block goes too
    expect(await page.locator('details.case.fail').isVisible()).toBe(false);

    await page.locator('form.filters select[name="class"]').selectOption('search.core');
    await statusBox(page, 'pass').check();
    expect(await attributesOf(page, 'data-class')).toEqual(['search.core', 'search.core']);
    expect(await showing(page).textContent()).toBe(`showing 2 of ${VARIANTS} variants`);

    await page.getByRole('button', { name: 'show all' }).click();
    expect(await visibleRows(page).count()).toBe(VARIANTS);
    expect(await showing(page).textContent()).toBe(`showing ${VARIANTS} of ${VARIANTS} variants`);
    expect(await statusBox(page, 'pass').isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the filters in the URL hash, so a link reopens the same view', async () => {
    const { page, errors } = await openReport();
    await statusBox(page, 'pass').check();
    await page.locator('form.filters select[name="class"]').selectOption('auth');
    const url = page.url();
    expect(new URL(url).hash).toBe('#filter?status=pass&class=auth');
    await page.close();

    const reopened = await openReport('#filter?status=pass&class=auth');
    expect(await attributesOf(reopened.page, 'data-status')).toEqual(['pass']);
    expect(await reopened.page.locator('form.filters select[name="class"]').inputValue()).toBe('auth');
    expect(await showing(reopened.page).textContent()).toBe(`showing 1 of ${VARIANTS} variants`);
    await reopened.page.getByRole('button', { name: 'show all' }).click();
    expect(new URL(reopened.page.url()).hash).toBe('');
    expect([...errors, ...reopened.errors]).toEqual([]);
    await reopened.page.close();
  });

  it("shows a passing variant's request collapsed, expandable, with the token masked", async () => {
    const { page, errors } = await openReport();
    const row = visibleRows(page).filter({ has: page.locator('code', { hasText: /^report\/private$/ }) });
    expect(await row.getAttribute('data-status')).toBe('pass');
    const request = row.locator('details.request');
    expect(await request.locator('summary').textContent()).toMatch(/^(GET|POST) \/api\/(3\/)?action\/datastore_search$/);
    const curl = request.locator('pre');
    expect(await curl.isVisible()).toBe(false);
    await request.locator('summary').click();
    expect(await curl.isVisible()).toBe(true);
    expect(await curl.textContent()).toMatch(/^curl .*datastore_search.* -H 'authorization: \*\*\*'/);
    expect(await curl.textContent()).toContain('ff5f4ee6-14e2-4eb2-892c-abf6872814ff');

    // every request of the page opened: the token is in no text and no markup
    for (const details of await page.locator('details').all()) await details.evaluate((element) => element.setAttribute('open', ''));
    expect(await page.locator('body').innerText()).not.toContain(TOKEN);
    expect(await page.content()).not.toContain(TOKEN);
    expect(await page.locator('details.request').count()).toBe(VARIANTS - 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows everything without JavaScript, the filter form hidden', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(reportUrl);
    for (const row of await rows(page).all()) expect(await row.isVisible()).toBe(true);
    expect(await rows(page).count()).toBe(VARIANTS);
    expect(await page.locator('form.filters').isVisible()).toBe(false);
    expect(await page.locator('details.case.fail').isVisible()).toBe(true);
    await context.close();
  });
});
