// Writes cases/COVERAGE.md (the clause -> cases table) from the catalogue: `tsx src/catalogue/generate-coverage.ts
// [cases-dir]`. Exits 1 when an api.md clause has no case or a case cites an unknown api.md clause.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { computeCoverage, COVERAGE_FILE, renderCoverage } from './coverage.ts';
import { loadCatalogue } from './load.ts';

const casesDir = process.argv[2] ?? 'cases';
const catalogue = await loadCatalogue(casesDir);
const coverage = computeCoverage(catalogue.cases);
const target = path.join(casesDir, COVERAGE_FILE);
await writeFile(target, renderCoverage(coverage));
const covered = coverage.clauses.length - coverage.uncovered.length;
process.stdout.write(`${target}: ${covered} of ${coverage.clauses.length} api.md clauses covered by ${coverage.caseCount} cases\n`);
for (const clause of coverage.uncovered) process.stderr.write(`not covered: ${clause.id}\n`);
for (const { ref, caseIds } of coverage.unknownRefs) process.stderr.write(`unknown clause ${ref} cited by ${caseIds.join(', ')}\n`);
if (coverage.uncovered.length > 0 || coverage.unknownRefs.length > 0) process.exitCode = 1;
