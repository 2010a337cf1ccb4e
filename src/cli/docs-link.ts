// The last line of a command's --help: where its documentation is. Nothing is published yet, so the link is the
// kit's own copy of docs/ (the package ships it, a clone has it), as a path the reader can open.
import path from 'node:path';
import { PACKAGE_ROOT } from '../util/package-info.ts';

/** `Docs: <kit>/docs/<doc> (every flag: <kit>/docs/cli.md)`. */
export function formatDocsLink(doc: string): string {
  const docs = path.join(PACKAGE_ROOT, 'docs');
  return `Docs: ${path.join(docs, doc)} (every flag: ${path.join(docs, 'cli.md')})`;
}
