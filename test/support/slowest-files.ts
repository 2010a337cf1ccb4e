// A Vitest reporter that prints the slowest test files at the end of a run: each file's whole cost (environment,
// import of the file and what it imports, hooks and tests), so the next person to speed the suite up knows where
// to look. `DSK_SLOWEST_FILES` sets how many (default 10; 0 prints nothing).
import type { Reporter, TestModule } from 'vitest/node';

interface FileCost {
  file: string;
  project: string;
  totalMs: number;
  importMs: number;
  testsMs: number;
}

function costOf(module: TestModule, root: string): FileCost {
  const d = module.diagnostic();
  const importMs = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
  return {
    file: module.moduleId.startsWith(root) ? module.moduleId.slice(root.length + 1) : module.moduleId,
    project: module.project.name,
    totalMs: importMs + d.duration,
    importMs,
    testsMs: d.duration,
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestFiles implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const count = Number(process.env['DSK_SLOWEST_FILES'] ?? 10);
    if (!(count > 0) || modules.length === 0) return;
    const costs = modules.map((module) => costOf(module, this.root)).sort((a, b) => b.totalMs - a.totalMs);
    const sum = costs.reduce((total, cost) => total + cost.totalMs, 0);
    const lines = [`\nSlowest test files (of ${costs.length}; ${seconds(sum).trim()} of file time in all):`];
    lines.push(`${'total'.padStart(8)}${'import'.padStart(8)}${'tests'.padStart(8)}  project  file`);
    for (const cost of costs.slice(0, count)) {
      lines.push(`${seconds(cost.totalMs)}${seconds(cost.importMs)}${seconds(cost.testsMs)}  ${cost.project.padEnd(8)} ${cost.file}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
