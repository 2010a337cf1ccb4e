// Writes the published JSON Schemas from the TypeBox values: `tsx scripts/generate-case-schema.ts`
// -> cases/case.schema.json and profiles/profile.schema.json (a test fails when the committed files are stale).
import { writeFile } from 'node:fs/promises';
import { renderCaseJsonSchema, renderProfileJsonSchema } from '../src/catalogue/case-json-schema.ts';

for (const [target, text] of [
  ['cases/case.schema.json', renderCaseJsonSchema()],
  ['profiles/profile.schema.json', renderProfileJsonSchema()],
] as const) {
  await writeFile(target, text);
  process.stdout.write(`wrote ${target}\n`);
}
