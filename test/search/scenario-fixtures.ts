// Writes scenario resources as a fixtures folder (datapackage.json + CSV) for loadFixtures.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScenarioResource } from './scenario.ts';

/** The cell text that stands for SQL NULL in scenario CSVs (declared in schema.missingValues). */
export const nullMarker = '<null>';

export async function writeScenarioFixtures(dir: string, resources: readonly ScenarioResource[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const datapackage = {
    name: 'search-scenario',
    resources: resources.map((resource, index) => ({
      name: resource.id,
      path: `r${index}.csv`,
      ...(resource.aliases === undefined ? {} : { aliases: resource.aliases }),
      ...(resource.private === true ? { private: true } : {}),
      schema: {
        missingValues: [nullMarker],
        fields: resource.columns.map((column) => ({
          name: column.id,
          type: 'string',
          ckanType: column.type,
          ...(typeof column.info?.['label'] === 'string' ? { title: column.info['label'] } : {}),
        })),
      },
    })),
  };
  await writeFile(join(dir, 'datapackage.json'), JSON.stringify(datapackage, null, 2));
  for (const [index, resource] of resources.entries()) {
    const lines = [resource.columns.map((c) => c.id), ...resource.rows.map((row) => row.map((cell) => cell ?? nullMarker))];
    await writeFile(join(dir, `r${index}.csv`), `${lines.map((line) => line.map(quoteCsv).join(',')).join('\n')}\n`);
  }
}

function quoteCsv(cell: string): string {
  return /[",\n\r]/u.test(cell) || cell === '' ? `"${cell.replaceAll('"', '""')}"` : cell;
}
