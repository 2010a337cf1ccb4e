import { describe, expect, it } from 'vitest';
import { scanHarEntries, type ScannedEntry } from './har-scan.ts';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function scan(text: string, size = text.length): Promise<ScannedEntry[]> {
  const out: ScannedEntry[] = [];
  for await (const entry of scanHarEntries(chunksOf(text, Math.max(size, 1)))) out.push(entry);
  return out;
}

const entries = [
  { request: { method: 'GET', url: 'http://h/api/3/action/datastore_search?q=%7B%22a%22%7D', comment: 'braces } ] { in a "string" \\ here' } },
  { request: { method: 'POST', url: 'http://h/api/action/datastore_search', postData: { mimeType: 'application/json', text: '{"entries": [1]}' } } },
];
const har = JSON.stringify({ log: { version: '1.2', pages: [{ entries: 'not these' }], creator: { name: 't' }, entries } }, null, 2);

describe('scanHarEntries', () => {
  it('cuts out each element of log.entries whole, with the line it starts on, and nothing else', async () => {
    const found = await scan(har);
    expect(found.map((e) => ('text' in e ? JSON.parse(e.text) : e))).toEqual(entries);
    const lines = har.split('\n');
    for (const entry of found) if ('text' in entry) expect(lines[entry.line - 1]?.trim()).toBe('{');
  });

  it('finds the same entries wherever the chunks are cut', async () => {
    const whole = await scan(har);
    for (const size of [1, 2, 3, 7, 64]) expect(await scan(har, size)).toEqual(whole);
  });

  it('says so when the file is cut short or has no entries', async () => {
    expect(await scan(har.slice(0, har.length - 10))).toContainEqual(expect.objectContaining({ problem: expect.stringContaining('cut short') }));
    expect(await scan('{"log": {"version": "1.2"}}')).toEqual([{ problem: 'has no log.entries array (not a HAR file?)', line: 1 }]);
  });
});
