// Bench: extract throughput by paging method on a generated table. The baseline is offset paging (what a shell
// loop over datastore_search?offset=... does), measured in the same run against the same reference server data.
// Run: `npx tsx bench/extract.ts [rows] [pageSize]` (defaults 50000 and 1000).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract, startReferenceServer, type Manifest } from '../src/index.ts';
import { createBenchReport } from './lib/result.ts';

const rowCount = Number(process.argv[2] ?? 50_000);
const pageSize = Number(process.argv[3] ?? 1_000);
const resourceId = '0c0c0c0c-1111-4222-8333-444455556666';

function writeGenerated(dir: string): void {
  const lines = ['title,credits,fee,updated'];
  for (let n = 1; n <= rowCount; n++) {
    lines.push(`Course ${n} on topic ${n % 97},${n % 60},${n % 2000}.50,2025-01-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00`);
  }
  writeFileSync(join(dir, 'big.csv'), `${lines.join('\n')}\n`);
  const fields = [{ name: 'title' }, { name: 'credits', type: 'integer' }, { name: 'fee', type: 'number' }, { name: 'updated', type: 'datetime' }];
  writeFileSync(join(dir, 'datapackage.json'), JSON.stringify({ resources: [{ name: resourceId, path: 'big.csv', schema: { fields } }] }));
}

async function timeExtract(target: string, out: string): Promise<{ ms: number; manifest: Manifest }> {
  const start = performance.now();
  const manifest = await extract({ source: { target }, resource: resourceId, format: 'csv', out, pageSize });
  return { ms: performance.now() - start, manifest };
}

const fixtures = mkdtempSync(join(tmpdir(), 'dsk-bench-extract-fixtures-'));
const outDir = mkdtempSync(join(tmpdir(), 'dsk-bench-extract-out-'));
writeGenerated(fixtures);
const withSql = await startReferenceServer({ fixturesDir: fixtures, port: 0 });
const withoutSql = await startReferenceServer({ fixturesDir: fixtures, port: 0, config: { sqlEnabled: false } });
try {
  console.log(`extract of ${rowCount} rows, ${pageSize} rows a page, reference server on PGlite`);
  const offset = await timeExtract(withoutSql.url, join(outDir, 'offset.csv'));
  const keyset = await timeExtract(withSql.url, join(outDir, 'keyset.csv'));
  for (const [label, run] of [['offset (baseline)', offset], ['sql-keyset', keyset]] as const) {
    const rate = (run.manifest.rows * 1000) / run.ms;
    console.log(`${label.padEnd(18)} ${run.manifest.paging.method.padEnd(10)} ${run.ms.toFixed(0).padStart(7)} ms  ${rate.toFixed(0).padStart(7)} rows/s  ${run.manifest.paging.pages} pages`);
  }
  console.log(`sql-keyset is ${(offset.ms / keyset.ms).toFixed(2)}x the speed of offset paging; same sha256: ${offset.manifest.output.sha256 === keyset.manifest.output.sha256}`);
  const report = createBenchReport('extract', { title: 'extract rows/s by paging method (reference server on PGlite)', sizes: { rows: rowCount, pageSize } });
  const offsetRate = report.figure('offset paging', (offset.manifest.rows * 1000) / offset.ms, 'rows/s');
  const keysetRate = report.figure('sql-keyset paging', (keyset.manifest.rows * 1000) / keyset.ms, 'rows/s');
  report.goal({ name: 'sql-keyset vs offset paging', subject: keysetRate, baseline: offsetRate, op: '>=', limit: 1 });
  if (offset.manifest.output.sha256 !== keyset.manifest.output.sha256) report.note('the two extracts differ (sha256)');
  await report.finish();
} finally {
  await withSql.close();
  await withoutSql.close();
  rmSync(fixtures, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
