// A generated resource for the extract and server-start benches: text, integer, numeric, timestamp and boolean
// columns, about 80 bytes a row, written as big.csv + datapackage.json into a fixtures folder.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `rowCount` rows of resource `resourceId` into `dir`. */
export function writeGeneratedTable(dir: string, resourceId: string, rowCount: number): void {
  const lines = ['title,credits,fee,updated,online'];
  for (let n = 1; n <= rowCount; n++) {
    lines.push(`Course ${n} on topic ${n % 97},${n % 60},${n % 2000}.50,2025-01-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00,${n % 3 === 0}`);
  }
  writeFileSync(join(dir, 'big.csv'), `${lines.join('\n')}\n`);
  const fields = [
    { name: 'title' },
    { name: 'credits', type: 'integer' },
    { name: 'fee', type: 'number' },
    { name: 'updated', type: 'datetime' },
    { name: 'online', type: 'boolean' },
  ];
  writeFileSync(join(dir, 'datapackage.json'), JSON.stringify({ resources: [{ name: resourceId, path: 'big.csv', schema: { fields } }] }));
}
