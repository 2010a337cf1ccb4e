import { describe, expect, it } from 'vitest';
import { hasCapability } from './capabilities.ts';

describe('hasCapability', () => {
  it.each([
    [['sql'], 'sql', undefined, true],
    [['sql'], 'locale', undefined, false],
    [['ckan'], 'ckan', '2.10', true],
    [['ckan-2.11'], 'ckan', undefined, true],
    [['ckan-2.9'], 'ckan', '2.9', true],
    [['ckan'], 'ckan-2.10', '2.10', true],
    [['ckan'], 'ckan-2.11', '2.10', false],
    [['ckan'], 'ckan-2.11', undefined, false],
    [['sql'], 'ckan', '2.11', false],
    [['ckan-2.11'], 'ckan-2.10', '2.10', false],
    [['ckan-x'], 'ckan', undefined, false],
    [['offset'], 'offset', undefined, true],
    [['ckan'], 'sort', '2.11', true],
    [['ckan-2.10'], 'distinct', '2.10', true],
    [['sql', 'offset'], 'sort', undefined, false],
  ] as const)('profile %j gives %s on CKAN %s: %s', (capabilities, need, version, expected) => {
    expect(hasCapability(capabilities, need, version)).toBe(expected);
  });
});
