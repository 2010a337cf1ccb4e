// Holds the layout rules of STYLE.md: each third-party library stays in its home, the reference server is held to the
// recorded answers of real CKAN and not to the kit's code (it shares release data and util/, never the checks, and
// asks CKAN's traits, never version numbers), imports into a folder or sub-folder go through its index.ts, no cycles.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

interface Import {
  file: string;
  specifier: string;
}

const files = sourceFiles(join(root, 'src'));
const imports: Import[] = files.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)];
  return found.map((match) => ({ file: relative(root, file), specifier: match[1] ?? match[2] ?? '' }));
});

/** Every import in the repository's code (src with its tests, test/, bench/, scripts/, root configs), for the library rules. */
const codeFiles = [...['src', 'test', 'bench', 'scripts'].flatMap((dir) => codeFilesIn(join(root, dir))), join(root, 'vitest.config.ts')];
const allImports: Import[] = codeFiles.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([@a-z][^']*)'|import\(\s*'([@a-z][^']*)'\s*\)/g)];
  return found.map((match) => ({ file: relative(root, file), specifier: match[1] ?? match[2] ?? '' }));
});

/**
 * Where each library of package.json may be imported: a folder (`src/http/`), one file, or `*.test.ts` (unit tests
 * beside the code). `[]`: a tool, run or resolved by path, never imported. A library added to package.json fails
 * the test until it is given a home here.
 */
const libraryHomes: Record<string, readonly string[]> = {
  undici: ['src/http/', 'test/', 'bench/'],
  yargs: ['src/cli/'],
  'csv-parse': ['src/server/fixtures/'],
  yaml: ['src/catalogue/', 'test/catalogue/', 'test/package/', 'test/docs/schedule-examples.test.ts', 'bench/'],
  'libpg-query': ['src/server/sql/'],
  // test/foreign: an implementation of the API written in the tests, with a database of its own
  '@electric-sql/pglite': ['src/server/engines/', 'test/foreign/sql.ts'],
  pg: ['src/server/engines/', 'bench/throughput.ts'],
  testcontainers: ['src/containers/'],
  '@sinclair/typebox': ['src/schema/', 'src/reporters/ctrf-schema.ts'],
  // the one instance
  ajv: ['src/schema/ajv.ts'],
  'ajv-formats': ['src/schema/ajv.ts'],
  tsx: [],
  vitest: ['test/', '*.test.ts', 'vitest.config.ts'],
  'fast-xml-parser': ['test/'],
  newman: [],
  '@biomejs/biome': [],
  knip: [],
  // bundles the CLI for the tests that start it as a process, and the PGlite worker when the kit runs from source
  esbuild: ['test/helpers/cli-bundle.ts', 'src/server/engines/pglite-worker-source.mjs'],
  typescript: [],
  '@types/node': [],
  '@types/pg': [],
  '@types/yargs': [],
  'fast-check': ['src/diff/generate/arbitrary.ts', '*.test.ts'],
  // the Parquet output of extracts, loaded only when one is written
  'hyparquet-writer': ['src/extract/parquet.ts'],
  // the independent reader the Parquet tests read the files back with (Rust's parquet crate, as WebAssembly)
  'parquet-wasm': ['test/'],
  'apache-arrow': ['test/'],
  // a second reader of the Parquet extracts, as an analyst opens them (a native build; the test skips without it)
  '@duckdb/node-api': ['test/extract/parquet-duckdb.test.ts'],
  // drives Debian's Chromium in the test of the HTML report's filters
  'playwright-core': ['test/e2e/html-report-browser.test.ts'],
};

function isHome(file: string, home: string): boolean {
  if (home.startsWith('*')) return file.endsWith(home.slice(1));
  return home.endsWith('/') ? file.startsWith(home) : file === home;
}

function readManifest(): { name: string; libraries: string[] } {
  const manifest: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const keysOf = (field: string): string[] => {
    const value = typeof manifest === 'object' && manifest !== null && field in manifest ? Reflect.get(manifest, field) : undefined;
    return typeof value === 'object' && value !== null ? Object.keys(value) : [];
  };
  const name = typeof manifest === 'object' && manifest !== null && 'name' in manifest ? String(manifest.name) : '';
  return { name, libraries: [...keysOf('dependencies'), ...keysOf('devDependencies')] };
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function topFolder(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? (parts[1] ?? '') : '';
}

describe('architecture', () => {
  it.each(Object.entries(libraryHomes))('keeps %s inside its home', (library, homes) => {
    const outside = allImports.filter((i) => packageOf(i.specifier) === library && !homes.some((home) => isHome(i.file, home)));
    expect(outside).toEqual([]);
  });

  it('gives every library of package.json a home, and imports no library it does not declare', () => {
    const { name, libraries } = readManifest();
    expect(libraries.filter((library) => !(library in libraryHomes))).toEqual([]);
    expect(Object.keys(libraryHomes).filter((library) => !libraries.includes(library))).toEqual([]);
    const undeclared = allImports.filter(
      (i) => !i.specifier.startsWith('node:') && packageOf(i.specifier) !== name && !libraries.includes(packageOf(i.specifier)),
    );
    expect(undeclared).toEqual([]);
    // the package test imports the packed package by its own name, as a user would
    expect(allImports.filter((i) => packageOf(i.specifier) === name).every((i) => i.file.startsWith('test/package/'))).toBe(true);
  });

  it('lets the reference server share only release data, util/ and errors.ts with the kit, never the checks', () => {
    const shared = (target: string): boolean =>
      target.startsWith('src/server/') ||
      target.startsWith('src/util/') ||
      target.startsWith('src/schema/ckan-traits/') ||
      ['src/errors.ts', 'src/schema/ckan-version.ts'].includes(target);
    const leaks = imports.filter((i) => i.file.startsWith('src/server/') && i.specifier.startsWith('.') && !shared(resolveImport(i)));
    expect(leaks.map((i) => `${i.file} -> ${resolveImport(i)}`)).toEqual([]);
    // the release data itself reads nothing of the kit: CKAN's facts, one table for the server and the checks alike
    const releaseData = imports.filter((i) => i.file.startsWith('src/schema/ckan-traits/') || i.file === 'src/schema/ckan-version.ts');
    const reaching = releaseData.filter((i) => i.specifier.startsWith('.') && !/^src\/schema\/(ckan-traits\/|ckan-version\.ts$)/.test(resolveImport(i)));
    expect(reaching.map((i) => `${i.file} -> ${resolveImport(i)}`)).toEqual([]);
  });

  it("makes the reference server ask a release's traits, never its version number (src/schema/ckan-traits/)", () => {
    // the list of minor versions it imitates, and the config that reads a version or release, are the exceptions
    const exempt = new Set(['src/server/ckan-versions.ts', 'src/server/config.ts', 'src/server/types.ts']);
    const askers = files
      .map((file) => relative(root, file))
      .filter((file) => file.startsWith('src/server/') && !exempt.has(file))
      .flatMap((file) => {
        const code = stripComments(readFileSync(join(root, file), 'utf8'));
        const found = [...code.matchAll(/['"`]2\.(?:8|9|1\d)(?:\.\d+\w*)?['"`]|\bckanVersion\b|\bcompareCkanVersions\b/g)].map((match) => match[0]);
        return found.map((text) => `${file}: ${text}`);
      });
    expect(askers).toEqual([]);
  });

  it('keeps the response comparison and baselines free of the runner, the reporters and the server', () => {
    const forbidden = ['runner', 'reporters', 'server', 'api', 'cli', 'http', 'catalogue', 'extract'];
    const leaks = imports.filter((i) => {
      if (!(i.file.startsWith('src/compare/') || i.file.startsWith('src/baseline/')) || !i.specifier.startsWith('.')) return false;
      return forbidden.includes(topFolder(relative(root, resolve(root, dirname(i.file), i.specifier))));
    });
    expect(leaks).toEqual([]);
  });

  it('keeps the runner free of the server, the reporters and their wiring (src/api/ composes them)', () => {
    const forbidden = ['server', 'reporters', 'api', 'cli', 'containers', 'extract'];
    const leaks = imports.filter((i) => {
      if (!i.file.startsWith('src/runner/') || !i.specifier.startsWith('.')) return false;
      return forbidden.includes(topFolder(relative(root, resolve(root, dirname(i.file), i.specifier))));
    });
    expect(leaks).toEqual([]);
  });

  it('keeps the checks below the orchestration: src/runner/checks/ imports no part of run(), the runner wires the checks', () => {
    const orchestration = ['src/runner/run.ts', 'src/runner/run-case.ts', 'src/runner/judge-run.ts', 'src/runner/prepare.ts', 'src/runner/index.ts'];
    const leaks = imports.filter((i) => {
      if (!i.file.startsWith('src/runner/checks/') || !i.specifier.startsWith('.')) return false;
      return orchestration.includes(relative(root, resolve(root, dirname(i.file), i.specifier)));
    });
    expect(leaks).toEqual([]);
  });

  it('starts the reference server and creates HTTP clients only in the composition root (src/api/session.ts)', () => {
    const wiring = /\b(?:startReferenceServer|prepareReportDir|openReportStream|createHttpClient)\(/;
    const starters = files
      .map((file) => relative(root, file))
      .filter((file) => !file.startsWith('src/server/') && !file.startsWith('src/http/') && !file.startsWith('src/reporters/'))
      // `serve` is the server alone, nothing wired around it
      .filter((file) => !['src/api/session.ts', 'src/cli/serve.ts'].includes(file) && wiring.test(readFileSync(join(root, file), 'utf8')));
    expect(starters).toEqual([]);
  });

  it('leaves the public API (src/index.ts) to library users: the CLI imports src/api/ and the folders directly, and nothing imports the CLI', () => {
    const targetOf = (i: Import): string => relative(root, resolve(root, dirname(i.file), i.specifier));
    const relativeImports = imports.filter((i) => i.specifier.startsWith('.'));
    expect(relativeImports.filter((i) => targetOf(i) === 'src/index.ts').map((i) => i.file)).toEqual([]);
    expect(relativeImports.filter((i) => !i.file.startsWith('src/cli/') && targetOf(i).startsWith('src/cli/')).map((i) => i.file)).toEqual([]);
  });

  it('imports other folders and sub-folders only through their index.ts (util, schema and model excepted)', () => {
    const open = new Set(['src/util', 'src/schema', 'src/model']);
    const bypasses = imports.flatMap((i) => {
      if (!i.specifier.startsWith('.')) return [];
      const target = relative(root, resolve(root, dirname(i.file), i.specifier));
      // why: a command loads only its own use case of api/ (its index would load every command's modules at each start)
      const openTo = (folder: string): boolean => open.has(folder) || (folder === 'src/api' && i.file.startsWith('src/cli/'));
      // every folder around the target that has an index.ts and does not hold the importer is entered through it
      const walls = enclosingFolders(target).filter((folder) => hasIndex(folder) && !openTo(folder) && !i.file.startsWith(`${folder}/`));
      return walls.some((folder) => target !== `${folder}/index.ts`) ? [`${i.file} -> ${target}`] : [];
    });
    expect(bypasses).toEqual([]);
  });

  it('has no import cycle in src/ (type-only and lazy imports included)', () => {
    expect(findImportCycles()).toEqual([]);
  });

  it('never reads the shared spec folder at run time', () => {
    const readers = files.filter((file) => /['"`][^'"`]*\.\.\/shared\//.test(readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
  });

  it('tests run the source, never a possibly stale dist/ or the built bin (the package test builds afresh)', () => {
    const toolFiles = [...allTsFiles(join(root, 'test')), ...allTsFiles(join(root, 'src')).filter((file) => file.endsWith('.test.ts'))];
    const users = toolFiles.filter(
      (file) => !file.includes('/test/package/') && /['"`](?:\.\.?\/)*(?:dist\/|bin\/datastore-kit\.js)/.test(readFileSync(file, 'utf8')),
    );
    expect(users.map((file) => relative(root, file))).toEqual([]);
  });

  it('makes folders only through util/make-dir.ts (Node 20 recursive mkdir can loop forever)', () => {
    const sources = allTsFiles(join(root, 'src')).filter((file) => !file.endsWith('.test.ts'));
    const users = [...sources, join(root, 'bin', 'datastore-kit.js')].filter((file) =>
      /mkdir(?:Sync)?\([^)]*recursive:\s*true/.test(readFileSync(file, 'utf8')),
    );
    expect(users.map((file) => relative(root, file))).toEqual([]);
  });

  it('needs tsx only as a development tool', () => {
    const manifest: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const dependencies = typeof manifest === 'object' && manifest !== null && 'dependencies' in manifest ? manifest.dependencies : {};
    expect(Object.keys(dependencies ?? {})).not.toContain('tsx');
    expect(imports.filter((i) => packageOf(i.specifier) === 'tsx')).toEqual([]);
  });
});

/** Where a relative import leads, as a path from the repository root. */
function resolveImport(i: Import): string {
  return relative(root, resolve(root, dirname(i.file), i.specifier));
}

/** The code without its comments (line and block), so that a version named in a comment is not counted. */
function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Each cycle once, as the files along it (Tarjan's strongly connected components of more than one file, or a self-import). */
function findImportCycles(): string[][] {
  const graph = new Map<string, string[]>(files.map((file) => [relative(root, file), []]));
  for (const i of imports) {
    if (!i.specifier.startsWith('.')) continue;
    const target = relative(root, resolve(root, dirname(i.file), i.specifier));
    if (graph.has(target)) graph.get(i.file)?.push(target);
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file) ?? 0);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
    }
    if (low.get(file) !== order.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

/** The folders holding `file` below src/, innermost first: src/server/search/x.ts -> [src/server/search, src/server]. */
function enclosingFolders(file: string): string[] {
  const folders: string[] = [];
  for (let folder = dirname(file); folder.startsWith('src/'); folder = dirname(folder)) folders.push(folder);
  return folders;
}

function hasIndex(folder: string): boolean {
  return existsSync(join(root, folder, 'index.ts'));
}

function codeFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.mts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function allTsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}
