// Walks a parse tree and collects what the SQL touches: relations, function calls, CTE names and refused shapes.
import { foldIdentifier, readNameAt, type WrittenNamePart } from './source-names.ts';
import { isPlainObject } from '../../util/json.ts';

/** A table reference (RangeVar) as PostgreSQL resolved the spelling: unquoted parts folded to lower case. */
export interface RelationRef {
  catalog: string | undefined;
  schema: string | undefined;
  name: string;
  /** 1-based character position of the reference in the parsed text, as PostgreSQL reports errors about it. */
  position: number | undefined;
}

/** A function call or function-like construct, with its name as written (quotes removed). */
export interface FunctionRef {
  name: string;
  /** Schema qualifier as PostgreSQL folds it, if the call was written qualified. */
  schema: string | undefined;
}

export interface Inspection {
  relations: RelationRef[];
  functions: FunctionRef[];
  cteNames: Set<string>;
  /** Top-level statement count (1 for a well-formed wrapped query). */
  statementCount: number;
  hasInto: boolean;
  hasLocking: boolean;
  /** Node type of a statement other than SELECT found inside (e.g. DeleteStmt in a CTE). */
  otherStatement: string | undefined;
  /** The parse tree nests deeper than MAX_TREE_DEPTH; the walk stopped there, so the rest is incomplete. */
  tooDeep: boolean;
}

/**
 * Deepest parse tree (levels of libpg-query's JSON) this server runs. PGlite's WASM stack gives out near 2,200
 * levels (about 550 nested scalar subqueries, 1,100 nested calls) and then answers with a misleading error; real
 * PostgreSQL stops later with "stack depth limit exceeded". 1,000 levels (about 250 nested subqueries) leaves a
 * margin for node types that use more stack, and no real query comes near it.
 */
export const MAX_TREE_DEPTH = 1000;

// Constructs PostgreSQL parses into their own nodes although the user writes them like calls: the
// keywords each may start with. The name is read from the text at the node's location when it is one
// of these (keeping the spelling as written), else the first one is used.
const functionLikeNodes: Record<string, readonly string[]> = {
  CoalesceExpr: ['coalesce'],
  MinMaxExpr: ['greatest', 'least'],
  GroupingFunc: ['grouping'],
  XmlExpr: ['xmlelement', 'xmlconcat', 'xmlforest', 'xmlparse', 'xmlpi', 'xmlroot'],
  XmlSerialize: ['xmlserialize'],
  RangeTableFunc: ['xmltable'],
  JsonTable: ['json_table'],
  JsonObjectConstructor: ['json_object'],
  JsonArrayConstructor: ['json_array'],
  JsonArrayQueryConstructor: ['json_array'],
  JsonFuncExpr: ['json_query', 'json_value', 'json_exists'],
  JsonParseExpr: ['json'],
  JsonScalarExpr: ['json_scalar'],
  JsonSerializeExpr: ['json_serialize'],
  JsonObjectAgg: ['json_objectagg'],
  JsonArrayAgg: ['json_arrayagg'],
};

/** Collects relations, functions and refused shapes from `tree`, a libpg-query parse of `source`. */
export function inspectTree(tree: unknown, source: string): Inspection {
  const found: Inspection = {
    relations: [],
    functions: [],
    cteNames: new Set(),
    statementCount: isPlainObject(tree) && Array.isArray(tree['stmts']) ? tree['stmts'].length : 0,
    hasInto: false,
    hasLocking: false,
    otherStatement: undefined,
    tooDeep: false,
  };
  walk(tree, found, Buffer.from(source, 'utf8'));
  return found;
}

/**
 * Visits every node in document order (a node before its children), without recursion: a deeply nested
 * statement must not overflow the JavaScript stack. Stops at MAX_TREE_DEPTH and sets `tooDeep`.
 */
function walk(tree: unknown, found: Inspection, source: Buffer): void {
  // `key` is the node type when the value sits under one (libpg-query writes { NodeType: {...} })
  const stack: { key: string | undefined; value: unknown; depth: number }[] = [{ key: undefined, value: tree, depth: 0 }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { key, value, depth } = entry;
    if (depth > MAX_TREE_DEPTH) {
      found.tooDeep = true;
      return;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ key: undefined, value: value[i], depth });
    } else if (isPlainObject(value)) {
      if (key !== undefined) inspectNode(key, value, found, source);
      const children = Object.entries(value);
      for (let i = children.length - 1; i >= 0; i -= 1) {
        const [childKey, child] = children[i] ?? ['', undefined];
        stack.push({ key: childKey, value: child, depth: depth + 1 });
      }
    }
  }
}

function inspectNode(type: string, node: Record<string, unknown>, found: Inspection, source: Buffer): void {
  if (type === 'RangeVar') found.relations.push(toRelation(node, source));
  else if (type === 'FuncCall') found.functions.push(toFunction(node, source));
  else if (type === 'CommonTableExpr' && typeof node['ctename'] === 'string') found.cteNames.add(node['ctename']);
  else if (type === 'SelectStmt') {
    if (node['intoClause'] !== undefined) found.hasInto = true;
    if (Array.isArray(node['lockingClause']) && node['lockingClause'].length > 0) found.hasLocking = true;
  } else if (type.endsWith('Stmt')) found.otherStatement ??= type;
  else if (type === 'TypeCast') {
    // `CAST(x AS t)` reads like a call to CKAN's tokenizer (checked against the list); `x::t` does not.
    const written = readNameAt(source, locationOf(node)).at(0);
    if (written !== undefined && !written.quoted && written.text.toLowerCase() === 'cast') {
      found.functions.push({ name: written.text, schema: undefined });
    }
  } else if (type === 'A_Expr' && node['kind'] === 'AEXPR_NULLIF') found.functions.push(readConstruct(node, ['nullif'], source));
  else if (type === 'RangeTableSample') found.functions.push(toFunction({ funcname: node['method'] }, source));
  else {
    const names = functionLikeNodes[type];
    if (names !== undefined) found.functions.push(readConstruct(node, names, source));
  }
}

function toRelation(node: Record<string, unknown>, source: Buffer): RelationRef {
  const text = (key: string): string | undefined => (typeof node[key] === 'string' ? node[key] : undefined);
  const location = locationOf(node);
  // why: the tree counts bytes from 0, PostgreSQL's error positions characters from 1
  const position = location < 0 ? undefined : Array.from(source.subarray(0, location).toString('utf8')).length + 1;
  return { catalog: text('catalogname'), schema: text('schemaname'), name: text('relname') ?? '', position };
}

/**
 * A FuncCall's name as written. Calls in SQL-standard syntax (EXTRACT(... FROM ...), x AT TIME ZONE y)
 * carry the function PostgreSQL runs (extract, timezone); other calls are read from the text, which keeps
 * CKAN's "name as written" spelling and is checked against the tree so the text can never hide the real name.
 */
function toFunction(node: Record<string, unknown>, source: Buffer): FunctionRef {
  const names = stringList(node['funcname']);
  const treeName = names.at(-1) ?? '';
  const treeSchema = names.length > 1 ? names.at(-2) : undefined;
  if (node['funcformat'] === 'COERCE_SQL_SYNTAX') return { name: treeName, schema: undefined };
  const written = readNameAt(source, locationOf(node));
  const last = written.at(-1);
  if (last === undefined || written.length !== names.length || foldIdentifier(last) !== treeName) {
    return { name: treeName, schema: treeSchema };
  }
  return { name: last.text, schema: treeSchema };
}

function readConstruct(node: Record<string, unknown>, names: readonly string[], source: Buffer): FunctionRef {
  const written: WrittenNamePart | undefined = readNameAt(source, locationOf(node)).at(0);
  const matches = written !== undefined && !written.quoted && names.includes(written.text.toLowerCase());
  return { name: matches ? written.text : (names[0] ?? ''), schema: undefined };
}

function locationOf(node: Record<string, unknown>): number {
  const location = node['location'];
  if (typeof location === 'number') return location;
  // JsonObjectAgg / JsonArrayAgg keep their location on the constructor part.
  const inner = node['constructor'];
  return isPlainObject(inner) && typeof inner['location'] === 'number' ? inner['location'] : -1;
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    const str = isPlainObject(item) ? item['String'] : undefined;
    if (isPlainObject(str) && typeof str['sval'] === 'string') out.push(str['sval']);
  }
  return out;
}
