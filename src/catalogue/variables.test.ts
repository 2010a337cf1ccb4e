import { describe, expect, it } from 'vitest';
import { checkVariables, resolveVariables, type VariableScope } from './variables.ts';

const scope: VariableScope = {
  resources: { courses: 'df356cc6-0e13-4ba8-bc98-c4706614881b' },
  values: { limit: 3, field: 'stage', sample: { stage: 'Advanced', credits: 10 }, list: ['a', 'b'], nothing: null },
  env: { TOKEN: 's3cret', EMPTY: '' },
};

describe('resolveVariables', () => {
  it.each([
    ['a whole-string resource', '${resources.courses}', 'df356cc6-0e13-4ba8-bc98-c4706614881b'],
    ['a whole-string number keeps its type', '${values.limit}', 3],
    ['a whole-string object keeps its type', '${values.sample}', { stage: 'Advanced', credits: 10 }],
    ['a whole-string null', '${values.nothing}', null],
    ['a nested value path', '${values.sample.stage}', 'Advanced'],
    ['a list item by index', '${values.list.1}', 'b'],
    ['an env variable', '${env.TOKEN}', 's3cret'],
    ['an empty env variable (set, so resolved)', '${env.EMPTY}', ''],
    ['interpolated text', 'SELECT * FROM "${resources.courses}" LIMIT ${values.limit}', 'SELECT * FROM "df356cc6-0e13-4ba8-bc98-c4706614881b" LIMIT 3'],
    ['an interpolated object as JSON text', 'x=${values.list}', 'x=["a","b"]'],
    ['an escaped variable stays literal', 'cost $${values.limit}', 'cost ${values.limit}'],
    ['text without variables', 'plain $ {x}', 'plain $ {x}'],
  ])('resolves %s', (_name, input, expected) => {
    expect(resolveVariables(input, scope)).toEqual({ value: expected, missing: [] });
  });

  it('resolves inside objects and arrays, keys as text, without touching the input', () => {
    const input = { filters: { '${values.field}': ['${values.sample.stage}', 'x'] }, limit: '${values.limit}', '$${k}': 1 };
    const copy = structuredClone(input);
    expect(resolveVariables(input, scope)).toEqual({
      value: { filters: { stage: ['Advanced', 'x'] }, limit: 3, '${k}': 1 },
      missing: [],
    });
    expect(input).toEqual(copy);
  });

  it('lists a missing variable in a key', () => {
    expect(resolveVariables({ '${values.nope}': 1 }, scope)).toEqual({ value: { '${values.nope}': 1 }, missing: ['values.nope'] });
  });

  it.each([
    ['an unknown resource', '${resources.staff}', ['resources.staff']],
    ['an unset env variable', 'Bearer ${env.NOPE}', ['env.NOPE']],
    ['a path into a non-object', '${values.limit.x}', ['values.limit.x']],
    ['an index past the end of a list', '${values.list.2}', ['values.list.2']],
    ['each missing reference once', '${values.a}-${values.a}-${env.B}', ['values.a', 'env.B']],
  ])('lists %s as missing and leaves the text', (_name, input, missing) => {
    expect(resolveVariables(input, scope)).toEqual({ value: input, missing });
  });
});

describe('checkVariables', () => {
  it.each([
    ['${resources.courses} ${values.a.b} ${env.X_1}', []],
    ['$${nonsense}', []],
    ['${resource.courses}', ['"${resource.courses}" uses unknown namespace "resource" (use resources, values or env)']],
    ['${courses}', ['"${courses}" uses unknown namespace "courses" (use resources, values or env)']],
    ['${env.A.B}', ['"${env.A.B}" has a bad name (expected ${env.NAME})']],
    ['${values.}', ['"${values.}" has a bad name (expected ${values.NAME} or ${values.NAME.FIELD})']],
  ])('checks %s', (text, messages) => {
    expect(checkVariables({ params: { q: text } }, '/request').map((p) => p.message)).toEqual(messages);
  });

  it('checks keys too', () => {
    expect(checkVariables({ filters: { '${value.field}': 'x' } }, '/request/params')).toEqual([
      {
        pointer: '/request/params/filters',
        key: '${value.field}',
        message: 'key "${value.field}" uses unknown namespace "value" (use resources, values or env)',
      },
    ]);
  });

  it('points at the value holding the reference', () => {
    expect(checkVariables({ a: [1, { 'b/c': '${x.y}' }] }, '/request')).toEqual([
      { pointer: '/request/a/1/b~1c', message: '"${x.y}" uses unknown namespace "x" (use resources, values or env)' },
    ]);
  });
});
