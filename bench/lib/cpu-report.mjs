// Preloaded into a measured process (`node --import ./bench/lib/cpu-report.mjs ...`): at exit it writes the
// process's CPU time (user + system, all threads, in ms) to the file DSK_BENCH_CPU_FILE names. CPU time stays
// meaningful on a machine shared with other work, where wall time mostly measures the queue for a core.
import { writeFileSync } from 'node:fs';

const file = process.env.DSK_BENCH_CPU_FILE;
if (file !== undefined && file !== '') {
  process.on('exit', () => {
    const used = process.cpuUsage();
    writeFileSync(file, String((used.user + used.system) / 1000));
  });
}
