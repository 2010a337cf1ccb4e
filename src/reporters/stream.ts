// The report stream: a run's cases go to the report writers as they finish, and the files are written when the
// run ends (each atomically); a stream that is aborted leaves no report behind.
import type { CaseResult, RunResult } from '../model/index.ts';
import { writeReports, type WriteReportsOptions } from './writer.ts';

/** Takes a run's cases one at a time, in report order, then writes the reports. */
export interface ReportStream {
  /** One finished case, already redacted, in the order the report lists cases. */
  add(result: CaseResult): Promise<void>;
  /** Writes every chosen format for the run (its own `cases` are ignored: the added ones are reported); returns the paths. */
  close(run: RunResult): Promise<string[]>;
  /** Drops what was added; no report file is written. */
  abort(): Promise<void>;
}

/** Opens a report stream on a folder readied by `prepareReportDir`. */
export function openReportStream(options: WriteReportsOptions): Promise<ReportStream> {
  let cases: CaseResult[] = [];
  return Promise.resolve({
    add(result) {
      cases.push(result);
      return Promise.resolve();
    },
    close(run) {
      return writeReports({ ...run, cases }, options);
    },
    abort() {
      cases = [];
      return Promise.resolve();
    },
  });
}
