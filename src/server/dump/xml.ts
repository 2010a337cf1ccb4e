// One <row> of CKAN's XML dump, as xml.etree.ElementTree writes it: `_id` as an attribute, a child per column,
// nested lists and objects as <value key="..."> children, null as xsi:nil="true", Python's str() of values.
import type { PyValue } from '../python/index.ts';
import { reprFloat } from '../python/index.ts';

export interface XmlRowShape {
  /** Whether the first field is `_id` (then it is the row's attribute). */
  idColumn: boolean;
  /** The other columns, in field order. */
  columns: readonly string[];
  /** Element name per column. */
  names: ReadonlyMap<string, string>;
}

/** One record (an object) as a <row> element, without the line end. */
export function renderXmlRow(record: PyValue, shape: XmlRowShape): string {
  const entries = record.type === 'dict' ? new Map(record.entries) : new Map<string, PyValue>();
  const id = entries.get('_id');
  const open = shape.idColumn && id !== undefined ? `<row _id="${escapeAttribute(pyStr(id))}">` : '<row>';
  let text = open;
  for (const column of shape.columns) text += renderNode(shape.names.get(column) ?? column, entries.get(column) ?? { type: 'none' }, undefined);
  return `${text}</row>`;
}

function renderNode(name: string, value: PyValue, key: string | undefined): string {
  const attributes = `${value.type === 'none' ? ' xsi:nil="true"' : ''}${key === undefined ? '' : ` key="${escapeAttribute(key)}"`}`;
  let inner = '';
  if (value.type === 'list') inner = value.items.map((item, index) => renderNode('value', item, String(index))).join('');
  else if (value.type === 'dict') inner = value.entries.map(([entryKey, item]) => renderNode('value', item, entryKey)).join('');
  else if (value.type !== 'none') inner = escapeText(pyStr(value));
  // why: ElementTree writes an element with no text and no children as <name />
  return inner === '' ? `<${name}${attributes} />` : `<${name}${attributes}>${inner}</${name}>`;
}

function pyStr(value: PyValue): string {
  switch (value.type) {
    case 'str':
      return value.value;
    case 'int':
      return value.text;
    case 'float':
      return reprFloat(value.value);
    case 'bool':
      return value.value ? 'True' : 'False';
    default:
      return '';
  }
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\r', '&#13;').replaceAll('\t', '&#09;');
}

// CKAN 2.12's xml_element_name_rules (writer.py): applied in order to the NFC form of each column name.
const NAME_RULES: readonly [RegExp, string][] = [
  [/^(\d*xml\d*|\d+)/iu, ''],
  [/\s+/gu, '_'],
  [/[^\p{L}\p{N}_.-]/gu, ''],
  [/^[\d.-]+/u, ''],
];

/** CKAN 2.12's element names: the rules above, then `_0`, `_1`, ... appended to names already taken. */
export function xmlElementNames(columns: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const column of columns) {
    let name = column.normalize('NFC');
    for (const [rule, replacement] of NAME_RULES) name = name.replace(rule, replacement);
    let unique = name;
    for (let suffix = 0; taken.has(unique); suffix += 1) unique = `${name}_${suffix}`;
    taken.add(unique);
    names.set(column, unique);
  }
  return names;
}
