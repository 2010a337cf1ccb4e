// Facts about the operating system's answers that several parts of the kit read: an error's errno code, and
// whether a process still runs (for the locks that name their holder's pid).

/** The `code` of a Node system error (`ENOENT`, `EEXIST`, ...), or undefined for any other value. */
export function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Whether process `pid` runs, in this machine's pid namespace. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // why: EPERM means the process exists but belongs to another user
    return errnoCode(error) === 'EPERM';
  }
}
