// The fast first parse of an input file. `yaml` (source.ts) is the parser of record: it keeps every node's range
// for messages, and costs about ten times js-yaml on a large catalogue. A file js-yaml reads cleanly is taken from
// js-yaml, with the start of every node recorded as it is built, so a case's position is known without the second
// parse. Anything js-yaml does not read exactly as `yaml` would (a syntax error, anchors, aliases, tags, a byte
// order mark, an empty file, a collection as a key) and any position this tree cannot answer exactly is left to
// the `yaml` parse.
import { CORE_SCHEMA, load } from 'js-yaml';

/** A node as js-yaml built it: where its text starts, its value, and its child nodes (keys and values alternate). */
interface NodeStart {
  /** Offset where js-yaml began composing the node (before any separating space or comments). */
  from: number;
  value: unknown;
  children: NodeStart[];
}

export interface FastSource {
  data: unknown;
  /**
   * Offset of the value at `pointer` segments (or its key, with `key`) when this tree knows it exactly; undefined
   * when only the `yaml` parse can say (a missing path, an empty value).
   */
  offsetOf(segments: readonly string[], key: boolean): number | undefined;
}

// why: anchors, aliases and tags are where the two parsers' models part (shared references, custom types); a
// character that could start one sends the file to `yaml`, quoted text included: a false alarm only costs time
const NODE_PROPERTY = /(?:^|[\s[{,])[&*!]\S/;

/** The file read by js-yaml with its nodes' starts, or undefined when the `yaml` parse must read it. */
export function parseFast(text: string): FastSource | undefined {
  if (text.charCodeAt(0) === 0xfeff || NODE_PROPERTY.test(text)) return undefined;
  const root: NodeStart = { from: 0, value: undefined, children: [] };
  const open: NodeStart[] = [root];
  let data: unknown;
  try {
    data = load(text, {
      schema: CORE_SCHEMA,
      listener(event, state) {
        if (event === 'open') {
          const node: NodeStart = { from: state.position, value: undefined, children: [] };
          open.at(-1)?.children.push(node);
          open.push(node);
        } else {
          const node = open.pop();
          if (node !== undefined) node.value = state.result;
        }
      },
    });
  } catch {
    return undefined;
  }
  // why: js-yaml reads an empty file as undefined where `yaml` gives null, and writes a collection used as a key
  // (`[a, b]: x`) as "a,b" where `yaml` writes its YAML text; leave both to `yaml`
  const top = root.children[0];
  if (data === undefined || (top !== undefined && hasCollectionKey(top))) return undefined;
  return { data, offsetOf: (segments, key) => (top === undefined ? undefined : locate(text, top, data, segments, key)) };
}

/**
 * The node whose children are its parts: js-yaml first tries a flow collection at the start of a block entry as a
 * mapping key, and that attempt stays behind as the entry's only child, with the same value.
 */
function unwrap(node: NodeStart): NodeStart {
  let inner = node;
  while (inner.children.length === 1 && inner.children[0]?.value === node.value) inner = inner.children[0] ?? inner;
  return inner;
}

/** Whether a mapping below `node` has a key that is itself a sequence or a mapping. */
function hasCollectionKey(node: NodeStart): boolean {
  const parts = unwrap(node);
  const mapping = node.value !== null && typeof node.value === 'object' && !Array.isArray(node.value);
  return parts.children.some((child, i) => (mapping && i % 2 === 0 && child.value !== null && typeof child.value === 'object') || hasCollectionKey(child));
}

function locate(text: string, top: NodeStart, data: unknown, segments: readonly string[], key: boolean): number | undefined {
  let node = top;
  let value = data;
  let keyNode: NodeStart | undefined;
  for (const segment of segments) {
    const found = childOf(node, value, segment);
    if (found === undefined) return undefined;
    ({ node, keyNode } = found);
    value = node.value;
  }
  const target = key && keyNode !== undefined ? keyNode : node;
  // `yaml` places an empty value at its key; leave that (rare, only in messages) to it
  if (target.value === null || target.value === undefined) return undefined;
  return skipToContent(text, target.from);
}

/** The child `segment` of a node, checked against the parsed value so a misread tree is never trusted. */
function childOf(whole: NodeStart, value: unknown, segment: string): { node: NodeStart; keyNode?: NodeStart } | undefined {
  const node = unwrap(whole);
  if (Array.isArray(value)) {
    const index = Number(segment);
    const child = node.children[index];
    return child !== undefined && Number.isInteger(index) && child.value === value[index] ? { node: child } : undefined;
  }
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
  const expected: unknown = Reflect.get(value, segment);
  for (let i = 0; i + 1 < node.children.length; i += 2) {
    const keyNode = node.children[i];
    const child = node.children[i + 1];
    if (keyNode === undefined || child === undefined || String(keyNode.value) !== segment) continue;
    return child.value === expected ? { node: child, keyNode } : undefined;
  }
  return undefined;
}

/** From where js-yaml began a node to where its text starts: past spaces, line breaks and comments. */
function skipToContent(text: string, from: number): number {
  let at = from;
  while (at < text.length) {
    const ch = text[at];
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n') at += 1;
    else if (ch === '#' && (at === 0 || /\s/.test(text[at - 1] ?? ''))) {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end;
    } else break;
  }
  return at;
}
