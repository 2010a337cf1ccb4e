import { describe, expect, it } from 'vitest';
import type { Profile } from '../schema/profile.ts';
import { parseProfile } from './profile.ts';
import { renderProfile } from './render-profile.ts';

const profile: Profile = {
  name: 'probed',
  data: 'other',
  ckan: '2.10',
  capabilities: ['sql', 'locale'],
  resources: { courses: 'abc' },
  values: { categoryValue: 'Advanced', categoryValues: ['Advanced', 'Foundation'], rowCount: 12 },
};

describe('renderProfile', () => {
  it('writes YAML that reads back as the same profile', () => {
    expect(parseProfile(renderProfile(profile, { header: ['made by a test'] }), 'p.yaml')).toEqual(profile);
  });

  it('puts each note after its value and each left-out name at the end of its section', () => {
    const text = renderProfile(profile, {
      comments: { '/ckan': 'status_show', '/capabilities/sql': 'count 12', '/values/categoryValue': '65 records', '/values/categoryValues': 'both' },
      leftOut: [
        { section: 'values', name: 'likePattern', reason: 'no SQL' },
        { section: 'resources', name: 'staff', reason: 'no private resource' },
      ],
    });
    expect(text).toContain('ckan: "2.10" # status_show\n');
    expect(text).toContain('  - sql # count 12\n');
    expect(text).toContain('  categoryValue: Advanced # 65 records\n');
    expect(text).toContain('  categoryValues: [ Advanced, Foundation ] # both\n');
    expect(text).toMatch(/ {2}courses: abc\n {2}# staff: left out: no private resource\n/);
    expect(text).toMatch(/# likePattern: left out: no SQL\n$/);
  });

  it('writes left-out names of a section the profile lacks at the end', () => {
    const text = renderProfile({ name: 'p', data: 'other', capabilities: [] }, { leftOut: [{ section: 'values', name: 'searchWord', reason: 'no resource' }] });
    expect(text).toContain('# values: none found\n# searchWord: left out: no resource');
  });
});
