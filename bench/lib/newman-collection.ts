// A Postman collection (v2.1) sending the same requests as a run, each with the one test a Postman user writes
// at least (the status the reference server answered), for the Newman comparison of the runner bench.
import type { RecordedRequest } from './bare-replay.mjs';

/** A recorded request with the status it was answered with. */
export interface AnsweredRequest extends RecordedRequest {
  status: number;
}

/** The collection as JSON-ready data; `{{base}}` is the collection variable holding the target's origin. */
export function buildPostmanCollection(requests: readonly AnsweredRequest[], base: string): unknown {
  return {
    info: { name: 'datastore-kit catalogue (bench)', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable: [{ key: 'base', value: base }],
    item: requests.map((r, i) => ({
      name: `${i + 1} ${r.method} ${r.path.slice(0, 80)}`,
      // why: Postman drops a GET's body unless told not to; some cases send one
      protocolProfileBehavior: { disableBodyPruning: true },
      request: {
        method: r.method,
        header: Object.entries(r.headers).map(([key, value]) => ({ key, value })),
        url: `{{base}}${r.path}`,
        ...(r.body === undefined ? {} : { body: { mode: 'raw', raw: r.body } }),
      },
      event: [{ listen: 'test', script: { type: 'text/javascript', exec: [`pm.test('status', function () { pm.response.to.have.status(${r.status}); });`] } }],
    })),
  };
}
