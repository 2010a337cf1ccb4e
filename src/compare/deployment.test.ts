import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_VALUE, hideDeployment } from './deployment.ts';

describe('hideDeployment', () => {
  it.each([
    [
      'status_show site fields and plugins',
      { success: true, result: { ckan_version: '2.11.5', site_url: 'http://a', site_title: 'A', extensions: ['datastore'] } },
      { success: true, result: { ckan_version: '2.11.5', site_url: DEPLOYMENT_VALUE, site_title: DEPLOYMENT_VALUE, extensions: DEPLOYMENT_VALUE } },
    ],
    ['a search result (untouched)', { success: true, result: { site_url: 'x', records: [] } }, { success: true, result: { site_url: 'x', records: [] } }],
    [
      'the host of a JSONP help URL',
      'cb({"help": "http://a:1/api/3/action/help_show?name=x", "success": true})',
      'cb({"help": "/api/3/action/help_show?name=x", "success": true})',
    ],
    ['an HTML page', '<!DOCTYPE html><html><title>Portal A - Not found</title>', `<HTML page, ${DEPLOYMENT_VALUE}>`],
    ['other text (untouched)', 'Bad request - JSON Error', 'Bad request - JSON Error'],
  ])('hides %s', (_what, body, expected) => {
    expect(hideDeployment(body)).toEqual(expected);
  });
});
