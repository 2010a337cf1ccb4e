// A traffic file entry by entry, whatever its format: each line of an access log or JSON lines file, each HAR
// entry, with the line it starts on. The first entry that is not a request stops the reading with its place.
import { InputError, KitErrorCode } from '../errors.ts';
import type { TrafficFormat } from '../schema/traffic.ts';
import { parseAccessLogLine } from './access-log.ts';
import { parseHarEntry } from './har.ts';
import { scanHarEntries } from './har-scan.ts';
import { parseJsonLine, type LineProblem } from './jsonl.ts';
import { readLines } from './source.ts';
import type { LocatedEntry, ParsedEntry } from './types.ts';

function fail(file: string, line: number, problem: LineProblem): never {
  throw new InputError(KitErrorCode.requestsInvalid, [{ file, line, pointer: problem.pointer, message: problem.problem }]);
}

async function* parseLines(chunks: AsyncIterable<string>, file: string, parseLine: (text: string) => ParsedEntry | LineProblem): AsyncGenerator<LocatedEntry> {
  for await (const { text, line } of readLines(chunks)) {
    const entry = parseLine(line === 1 ? text.replace(/^\uFEFF/, '') : text);
    if ('problem' in entry) fail(file, line, entry);
    yield { line, entry };
  }
}

async function* parseHar(chunks: AsyncIterable<string>, file: string): AsyncGenerator<LocatedEntry> {
  for await (const scanned of scanHarEntries(chunks)) {
    if ('problem' in scanned) fail(file, scanned.line, { pointer: '', problem: scanned.problem });
    const pointer = `/log/entries/${scanned.index}`;
    let value: unknown;
    try {
      value = JSON.parse(scanned.text);
    } catch {
      fail(file, scanned.line, { pointer, problem: 'is not valid JSON' });
    }
    const entry = parseHarEntry(value, pointer);
    if ('problem' in entry) fail(file, scanned.line, entry);
    yield { line: scanned.line, entry };
  }
}

/**
 * The entries of a traffic file in order, read as they stream in (the file is never held whole). `file` names
 * it in messages. InputError E_REQUESTS_INVALID (exit 2) at the first entry that is not a request:
 * `access.log:12 not a line of the common or combined log format ...`.
 */
export function parseTraffic(chunks: AsyncIterable<string>, file: string, format: TrafficFormat): AsyncGenerator<LocatedEntry> {
  const lineProblem = (entry: ParsedEntry | { problem: string }): ParsedEntry | LineProblem =>
    'problem' in entry ? { pointer: '', problem: entry.problem } : entry;
  if (format === 'har') return parseHar(chunks, file);
  if (format === 'jsonl') return parseLines(chunks, file, parseJsonLine);
  return parseLines(chunks, file, (text) => lineProblem(parseAccessLogLine(text)));
}
