import { describe, expect, it } from 'vitest';
import { describeRedirect } from './redirect.ts';

const answer = (status: number, location?: string) => ({ status, headers: location === undefined ? {} : { location } });

describe('describeRedirect', () => {
  it('names the base URL a redirect that keeps the action path implies (http to https, another host)', () => {
    expect(describeRedirect('http://portal.example', answer(301, 'https://portal.example/api/3/action/status_show'))).toBe(
      'it redirects (301) to https://portal.example/api/3/action/status_show, and the kit does not follow redirects (they would carry the token elsewhere): give --target https://portal.example',
    );
    expect(describeRedirect('http://old.example/data/api/action/x', answer(308, 'https://new.example/data/api/action/datastore_search?limit=0'))).toMatch(
      /give --target https:\/\/new\.example\/data$/,
    );
  });

  it('resolves a relative Location against the URL asked', () => {
    expect(describeRedirect('http://h.example/api/3/action/status_show', answer(302, '/ckan/api/3/action/status_show'))).toMatch(
      /to http:\/\/h\.example\/ckan\/api\/3\/action\/status_show, .*give --target http:\/\/h\.example\/ckan$/,
    );
  });

  it('says so when the redirect leads away from the API (a login page)', () => {
    expect(describeRedirect('https://portal.example', answer(302, 'https://sso.example/login?next=%2Fapi'))).toBe(
      'it redirects (302) to https://sso.example/login?next=%2Fapi, not to an action API (a login page or a proxy in front of it?), and the kit does not follow redirects',
    );
  });

  it('masks credentials in the address shown', () => {
    expect(describeRedirect('http://h.example', answer(301, 'https://user:secret@h.example/api/3/action/x'))).not.toContain('secret');
  });

  it.each([
    ['a 200', answer(200, 'https://elsewhere.example/api/3/action/x')],
    ['a 304 without Location', answer(304)],
    ['a 404', answer(404)],
  ])('has nothing to say about %s', (_name, response) => {
    expect(describeRedirect('http://h.example', response)).toBeUndefined();
  });
});
