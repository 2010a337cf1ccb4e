import pg from '/work/wt/extract/node_modules/pg/lib/index.js';
import { loadFixtures } from '/work/wt/extract/src/server/fixtures/index.ts';
import { buildDatabaseSteps as newSteps } from '/work/wt/extract/src/server/engines/pglite-sql.ts';
import { buildDatabaseSteps as oldSteps } from '/tmp/xb/old-pglite-sql.ts';
import { loadTables } from '/work/wt/extract/src/server/engines/postgres-load.ts';
const url = process.argv[2]!;
const fx = await loadFixtures('/tmp/xb/fx100k');
const admin = new pg.Client({ connectionString: url }); await admin.connect();
const { Query } = pg;
async function run(label: string, steps: any[], mwm: boolean) {
  await admin.query('DROP DATABASE IF EXISTS stepbench'); await admin.query('CREATE DATABASE stepbench');
  const c = new pg.Client({ connectionString: url.replace(/\/postgres$/, '/stepbench') }); await c.connect();
  const t0 = performance.now();
  await c.query('BEGIN'); if (mwm) await c.query(`SET LOCAL maintenance_work_mem='256MB'`);
  const times: string[] = [];
  for (const s of steps) { const t = performance.now();
    if ('csv' in s) { await new Promise<void>((res, rej) => { const q: any = new Query(s.sql, (e: any) => e ? rej(e) : res()); q.handleCopyInResponse = (conn: any) => { conn.sendCopyFromChunk(Buffer.from(s.csv)); conn.endCopyFrom(); }; c.query(q); }); }
    else await c.query(s.sql);
    const d = performance.now() - t; if (d > 200) times.push(`${s.sql.slice(0, 30).replace(/\s+/g,' ')}: ${d.toFixed(0)}`); }
  await c.query('COMMIT'); console.log(label, (performance.now() - t0).toFixed(0), 'ms |', times.join(' | ')); await c.end();
}
const opts = { textCollation: null, copyFrom: 'stdin' as const };
for (let i = 0; i < 1; i++) {

  await run('new set-based   ', newSteps(fx.tables, opts), false);
  await run('new + mwm 256MB ', newSteps(fx.tables, opts), true);
}
await admin.end();
