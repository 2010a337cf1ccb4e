// Python's spelling of values, as CKAN's answers and messages show them: json.loads with its error messages
// (json-parse), str()/repr()/int() (repr), json.dumps (json-dumps). The one place the server spells Python.
export { parsePyJson, toJsValue, type PyValue } from './json-parse.ts';
export { parsePyInt, pyRepr, pyReprString, pyReprTuple, pyStr, reprFloat, reprPy } from './repr.ts';
export { pyJsonDumps, pyJsonDumpsValue } from './json-dumps.ts';
