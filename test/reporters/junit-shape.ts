// A small structural validator for JUnit XML, following the Ant/Jenkins JUnit XSD: which elements may appear
// where and in what order, required attributes and their value types. Parses with a real XML parser.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type AttributeType = 'string' | 'integer' | 'decimal' | 'timestamp';

interface ElementShape {
  required: Record<string, AttributeType>;
  optional: Record<string, AttributeType>;
  /** Allowed children in order, each with min/max occurrences. */
  children: Array<{ name: string; min: number; max: number }>;
  text: boolean;
}

const many = Number.POSITIVE_INFINITY;

const shapes: Record<string, ElementShape> = {
  testsuites: {
    required: {},
    optional: {
      name: 'string',
      time: 'decimal',
      tests: 'integer',
      failures: 'integer',
      errors: 'integer',
      skipped: 'integer',
      disabled: 'integer',
      timestamp: 'timestamp',
    },
    children: [{ name: 'testsuite', min: 0, max: many }],
    text: false,
  },
  testsuite: {
    required: { name: 'string', tests: 'integer', failures: 'integer', errors: 'integer', time: 'decimal', timestamp: 'timestamp', hostname: 'string' },
    optional: { id: 'integer', package: 'string', skipped: 'integer', disabled: 'integer', file: 'string' },
    children: [
      { name: 'properties', min: 1, max: 1 },
      { name: 'testcase', min: 0, max: many },
      { name: 'system-out', min: 1, max: 1 },
      { name: 'system-err', min: 1, max: 1 },
    ],
    text: false,
  },
  properties: { required: {}, optional: {}, children: [{ name: 'property', min: 0, max: many }], text: false },
  property: { required: { name: 'string', value: 'string' }, optional: {}, children: [], text: false },
  testcase: {
    required: { name: 'string', classname: 'string', time: 'decimal' },
    optional: { file: 'string', assertions: 'string', status: 'string' },
    children: [
      { name: 'skipped|error|failure', min: 0, max: 1 },
      { name: 'system-out', min: 0, max: many },
      { name: 'system-err', min: 0, max: many },
    ],
    text: false,
  },
  failure: { required: {}, optional: { message: 'string', type: 'string' }, children: [], text: true },
  error: { required: {}, optional: { message: 'string', type: 'string' }, children: [], text: true },
  skipped: { required: {}, optional: { message: 'string' }, children: [], text: false },
  'system-out': { required: {}, optional: {}, children: [], text: true },
  'system-err': { required: {}, optional: {}, children: [], text: true },
};

const attributePatterns: Record<AttributeType, RegExp> = {
  string: /^[\s\S]*$/,
  integer: /^\d+$/,
  decimal: /^\d+(\.\d+)?$/,
  timestamp: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/,
};

type OrderedNode = Record<string, unknown>;

/** Returns every problem found (empty when the document fits the JUnit shape). */
export function checkJunitShape(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed: ${wellFormed.err.msg} at line ${wellFormed.err.line}`];
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
  });
  const nodes: unknown = parser.parse(xml);
  const elements = toElements(nodes).filter((node) => node.name !== '?xml');
  const problems: string[] = [];
  if (elements.length !== 1 || elements[0]?.name !== 'testsuites') problems.push('root must be one <testsuites>');
  for (const element of elements) checkElement(element, 'testsuites', problems);
  return problems;
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  hasText: boolean;
}

function toElements(nodes: unknown): Element[] {
  if (!Array.isArray(nodes)) return [];
  const elements: Element[] = [];
  for (const node of nodes as OrderedNode[]) {
    const name = Object.keys(node).find((key) => key !== ':@');
    if (name === undefined || name === '#text') continue;
    const rawAttributes = node[':@'];
    const attributes: Record<string, string> = {};
    if (typeof rawAttributes === 'object' && rawAttributes !== null) {
      for (const [key, value] of Object.entries(rawAttributes)) attributes[key] = String(value);
    }
    const content = node[name];
    const hasText = Array.isArray(content) && content.some((child: OrderedNode) => typeof child['#text'] === 'string' && child['#text'].trim() !== '');
    elements.push({ name, attributes, children: toElements(content), hasText });
  }
  return elements;
}

function checkElement(element: Element, expected: string, problems: string[]): void {
  const where = `<${element.name}${element.attributes['name'] === undefined ? '' : ` name="${element.attributes['name']}"`}>`;
  if (!expected.split('|').includes(element.name)) problems.push(`${where} found where <${expected}> belongs`);
  const shape = shapes[element.name];
  if (shape === undefined) return;
  for (const [attribute, type] of Object.entries(shape.required)) {
    if (!(attribute in element.attributes)) problems.push(`${where} lacks required attribute ${attribute}`);
    else if (!attributePatterns[type].test(element.attributes[attribute] ?? '')) problems.push(`${where} ${attribute} is not a ${type}`);
  }
  for (const [attribute, value] of Object.entries(element.attributes)) {
    const type = shape.required[attribute] ?? shape.optional[attribute];
    if (type === undefined) problems.push(`${where} has unknown attribute ${attribute}`);
    else if (!attributePatterns[type].test(value)) problems.push(`${where} ${attribute} is not a ${type}`);
  }
  if (element.hasText && !shape.text) problems.push(`${where} must not contain text`);
  checkChildren(element, shape, where, problems);
}

function checkChildren(element: Element, shape: ElementShape, where: string, problems: string[]): void {
  let index = 0;
  for (const slot of shape.children) {
    let count = 0;
    while (index < element.children.length && slot.name.split('|').includes(element.children[index]?.name ?? '') && count < slot.max) {
      const child = element.children[index];
      if (child !== undefined) checkElement(child, slot.name, problems);
      index += 1;
      count += 1;
    }
    if (count < slot.min) problems.push(`${where} needs at least ${slot.min} <${slot.name}>`);
  }
  for (const extra of element.children.slice(index)) problems.push(`${where} has unexpected <${extra.name}> (out of order or not allowed)`);
}
