import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildCaseJsonSchema, buildProfileJsonSchema, renderCaseJsonSchema, renderProfileJsonSchema } from '../../src/catalogue/index.ts';
import { compileSchema } from '../../src/schema/ajv.ts';
import { CaseFileSchema } from '../../src/schema/case.ts';

describe('published schemas', () => {
  it.each([
    ['cases/case.schema.json', renderCaseJsonSchema],
    ['profiles/profile.schema.json', renderProfileJsonSchema],
  ])('%s is fresh (regenerate with `tsx scripts/generate-case-schema.ts`)', async (file, render) => {
    expect(await readFile(file, 'utf8')).toBe(render());
  });

  it('compiles with the strict shared Ajv and judges files as the loader does', () => {
    const published = compileSchema(buildCaseJsonSchema());
    compileSchema(buildProfileJsonSchema());
    const internal = compileSchema(CaseFileSchema);
    const good = { cases: [{ id: 'a/b', title: 't', spec: ['s'], class: 'q', request: { action: 'x' }, expect: {} }] };
    const bad = { cases: [{ ...good.cases[0], request: { action: 'x', method: 'PUT' } }] };
    expect([published(good), published(bad)]).toEqual([internal(good), internal(bad)]);
    expect([published(good), published(bad)]).toEqual([true, false]);
  });

  it('carries an $id, title and description for editors', () => {
    expect(buildCaseJsonSchema()).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'urn:datastore-kit:schema:case-file',
      title: 'datastore-kit case file',
    });
  });
});
