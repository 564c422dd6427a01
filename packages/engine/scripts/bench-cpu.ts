/** CPU time of the calling thread (ms), for benchmarks on a shared machine where wall-clock times depend on load. */
import { readFileSync } from 'node:fs';

/**
 * User + system CPU time of this thread in ms (Linux /proc/thread-self/stat, 10 ms resolution), or NaN where that
 * file does not exist. Unlike process.cpuUsage(), it excludes V8's compiler and GC helper threads and the other
 * worker threads.
 */
export function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may contain spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
