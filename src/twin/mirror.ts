// Builds the mirror's fixtures folder: each table of the profile read from the target (read-table.ts) and written
// as it comes (package-writer.ts), its aliases and privacy found (discover.ts), then datapackage.json. A table
// the target refuses, or one over the row cap, is left out with its reason; one that cannot be trusted stops the
// twin (the caller decides).
import path from 'node:path';
import type { HttpClient } from '../http/index.ts';
import { findAliases, isPrivate } from './discover.ts';
import { TableWriter, writeDataPackage, type PackageTable } from './package-writer.ts';
import { readTable } from './read-table.ts';
import type { TableRead, TableToMirror, TwinTarget } from './types.ts';

/** What to mirror and how. */
export interface MirrorOptions {
  /** The folder the fixtures go to (empty, existing). */
  dir: string;
  tables: readonly TableToMirror[];
  /** Rows asked per page. */
  pageSize: number;
  /** A table with more rows is not mirrored. */
  maxRows: number;
  /** Names that may be aliases of a table (profile values such as `coursesAlias`). */
  aliasCandidates: readonly string[];
  /** Called when a table is done (progress). */
  onTable?: (read: TableRead) => void;
}

/** The mirror as built: its tables (for datapackage.json and the verification) and how each was read. */
export interface MirrorBuild {
  dir: string;
  tables: PackageTable[];
  reads: TableRead[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads every table and writes the fixtures folder; a table's refusal or distrust is in its read, never thrown. */
export async function buildMirror(client: HttpClient, target: TwinTarget, options: MirrorOptions): Promise<MirrorBuild> {
  const build: MirrorBuild = { dir: options.dir, tables: [], reads: [] };
  for (const [index, table] of options.tables.entries()) {
    const writer = new TableWriter(path.join(options.dir, `table-${index + 1}.csv`));
    let sameAs: string | undefined;
    const skip = (resourceId: string): string | undefined => {
      const same = build.tables.find((t) => t.id === resourceId);
      if (same !== undefined) {
        sameAs = resourceId;
        if (table.id !== resourceId && !same.aliases.includes(table.id)) same.aliases.push(table.id);
        return `the same table as another resource of the profile (${resourceId}): mirrored once`;
      }
      return UUID.test(resourceId) ? undefined : `its id ${JSON.stringify(resourceId)} is not a lowercase UUID, which the mirror's resource ids must be`;
    };
    let read: TableRead;
    try {
      read = await readTable(client, target, table, {
        pageSize: options.pageSize,
        maxRows: options.maxRows,
        skip,
        onRows: (rows, read) => writer.write(rows, read.fields, read.hasIds),
      });
    } finally {
      await writer.close(writer.written.fields, writer.written.hasIds);
    }
    if (sameAs !== undefined) read.sameAs = sameAs;
    build.reads.push(read);
    options.onTable?.(read);
    if (read.refused !== undefined || read.untrusted !== undefined) continue;
    const aliases = (await findAliases(client, target, read.resourceId, options.aliasCandidates)).filter((alias) => alias !== read.resourceId);
    if (table.id !== read.resourceId && !aliases.includes(table.id)) aliases.push(table.id);
    build.tables.push({ id: read.resourceId, aliases, private: await isPrivate(client, target, read.resourceId), written: writer.written, asText: new Set() });
  }
  if (build.tables.length > 0) await writeDataPackage(options.dir, build.tables);
  return build;
}
