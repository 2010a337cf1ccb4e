// Writes a profile as YAML with comments: why each value was chosen (the count the target answered), and the
// names left out with the reason, so a reader sees what the cases that need them will report.
import { Document, isMap, isScalar, isSeq, type Node } from 'yaml';
import type { Profile } from '../schema/profile.ts';

/** A name left out of a profile section, and why. */
export interface LeftOutName {
  section: 'capabilities' | 'resources' | 'values';
  name: string;
  reason: string;
}

/** Comments to write with a profile. */
export interface ProfileNotes {
  /** Comment lines at the top (after the schema line). */
  header?: readonly string[];
  /**
   * A comment after a value, by pointer: `/ckan`, `/resources/courses`, `/values/categoryValue`, or
   * `/capabilities/sql` (capabilities by name, not index).
   */
  comments?: Readonly<Record<string, string>>;
  leftOut?: readonly LeftOutName[];
}

const SECTIONS = ['capabilities', 'resources', 'values'] as const;

/** The profile as YAML text, with a `$schema` comment line for editors and the notes as comments. */
export function renderProfile(profile: Profile, notes: ProfileNotes = {}): string {
  const doc = new Document(profile);
  const comments = notes.comments ?? {};
  const root = doc.contents;
  if (!isMap(root)) return doc.toString();
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const value = pair.value as Node | null;
    const comment = comments[`/${key}`];
    if (comment !== undefined && isScalar(value)) value.comment = ` ${comment}`;
    if (isMap(value)) {
      for (const item of value.items) {
        const name = isScalar(item.key) ? String(item.key.value) : '';
        const text = comments[`/${key}/${name}`];
        if (text !== undefined && (isScalar(item.value) || isSeq(item.value))) setComment(item.value, text);
      }
    }
    if (isSeq(value)) {
      for (const item of value.items) {
        const text = isScalar(item) ? comments[`/${key}/${String(item.value)}`] : undefined;
        if (text !== undefined && isScalar(item)) item.comment = ` ${text}`;
      }
    }
    const leftOut = (notes.leftOut ?? []).filter((l) => l.section === key);
    if (leftOut.length > 0 && (isMap(value) || isSeq(value))) value.comment = leftOutLines(leftOut);
  }
  const orphans = (notes.leftOut ?? []).filter((l) => !SECTIONS.some((s) => s === l.section && profile[s] !== undefined));
  if (orphans.length > 0) doc.comment = SECTIONS.flatMap((s) => orphanLines(s, orphans)).join('\n');
  const header = ['yaml-language-server: $schema=./profile.schema.json', ...(notes.header ?? [])];
  doc.commentBefore = header.map((line) => (line === '' ? '' : ` ${line}`)).join('\n');
  return doc.toString({ lineWidth: 0 });
}

function setComment(node: Node, text: string): void {
  if (isSeq(node)) node.flow = true;
  node.comment = ` ${text}`;
}

function leftOutLines(leftOut: readonly LeftOutName[]): string {
  return leftOut.map((l) => ` ${l.name}: left out: ${l.reason}`).join('\n');
}

function orphanLines(section: string, leftOut: readonly LeftOutName[]): string[] {
  const mine = leftOut.filter((l) => l.section === section);
  return mine.length === 0 ? [] : [` ${section}: none found`, ...mine.map((l) => ` ${l.name}: left out: ${l.reason}`)];
}
