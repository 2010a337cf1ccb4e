// Parses one YAML or JSON input file keeping node ranges, so every problem can name file:line:col.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { InputProblem } from '../errors.ts';
import { splitPointer, toPointer } from '../util/json-pointer.ts';

/** A 1-based source position. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A parsed input file: its data (unknown until validated) and a way to find any JSON pointer's position. */
export interface SourceFile {
  /** The file path as shown in messages. */
  file: string;
  data: unknown;
  /** Syntax problems; when non-empty, `data` must not be used. */
  problems: InputProblem[];
  /**
   * Position of the value at `pointer`, or of its key when `key` is true; falls back to the deepest existing
   * ancestor, so a missing property points at the object that lacks it.
   */
  locate(pointer: string, key?: boolean): SourcePosition;
}

/** Positions schema problems in `source`: unknown fields at their key, everything else at its value. */
export function locateProblems(source: SourceFile, problems: readonly { pointer: string; key?: string; message: string }[]): InputProblem[] {
  return problems.map((p) => ({
    file: source.file,
    ...(p.key === undefined ? source.locate(p.pointer) : source.locate(p.pointer + toPointer([p.key]), true)),
    pointer: p.pointer,
    message: p.message,
  }));
}

/**
 * Parses YAML (JSON is parsed as YAML 1.2, which accepts it, so JSON files get positions too). Duplicate keys,
 * multiple documents and unresolvable aliases are problems, not silently resolved.
 */
export function parseSource(text: string, file: string): SourceFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  // One problem per line: later errors on the same line are consequences of the first.
  const problems: InputProblem[] = [];
  for (const error of doc.errors) {
    const at = toPosition(lineCounter, error.pos[0]);
    if (problems.some((p) => p.line === at.line)) continue;
    problems.push({ file, ...at, pointer: '', message: `YAML syntax error: ${error.message}` });
  }
  let data: unknown = null;
  if (problems.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: 1000 });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push({ file, line: 1, column: 1, pointer: '', message: `YAML error: ${message}` });
    }
  }
  return { file, data, problems, locate: (pointer, key = false) => toPosition(lineCounter, findOffset(doc, pointer, key)) };
}

function toPosition(lines: LineCounter, offset: number): SourcePosition {
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

function findOffset(doc: Document, pointer: string, key: boolean): number {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const segment of splitPointer(pointer)) {
    const found = childOf(node, segment);
    if (found === undefined) break;
    const target = key && found.key !== undefined ? found.key : found.value;
    offset = rangeStart(target) ?? rangeStart(found.key) ?? offset;
    node = found.value;
  }
  return offset;
}

function childOf(node: unknown, segment: string): { key?: unknown; value: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item) => isPair(item) && keyText(item.key) === segment);
    return pair === undefined ? undefined : { key: pair.key, value: pair.value };
  }
  if (isSeq(node)) {
    const index = Number(segment);
    return Number.isInteger(index) && index < node.items.length ? { value: node.items[index] } : undefined;
  }
  return undefined;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

function rangeStart(node: unknown): number | undefined {
  if (node === null || typeof node !== 'object' || !('range' in node)) return undefined;
  const range = node.range;
  return Array.isArray(range) && typeof range[0] === 'number' ? range[0] : undefined;
}
