import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../env';

/** Next to the embedded database's directory (`<DATA_DIR>/pglite`): PGlite itself does not lock it. */
export const LOCK_FILE = 'pglite.lock';
/** How often the holder touches the lock, so a lock from another machine (a shared volume) can be judged. */
const TOUCH_INTERVAL_MS = 10_000;
/** A lock written on another host and untouched this long belongs to a process that no longer runs. */
export const FOREIGN_LOCK_STALE_MS = 60_000;
const UNREADABLE_LOCK_STALE_MS = 5_000;

/** Another live process has the embedded database open; starting on it as well would damage it. */
export class DataDirInUseError extends ConfigError {
  override name = 'DataDirInUseError';
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  /** Set when the lock of a process that no longer runs was taken over. */
  readonly tookOver: LockOwner | null;
  release(): void;
}

/** The directories this process has locked: a second open here would damage the database just as well. */
const lockedHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface FoundLock {
  text: string;
  owner: LockOwner | null;
  touchedMs: number;
}

function readOwner(file: string): FoundLock | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let owner: LockOwner | null = null;
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') owner = parsed as LockOwner;
  } catch {
    // Half-written by a process killed while writing it: nobody owns it.
  }
  let touchedMs = Date.now();
  try {
    touchedMs = statSync(file).mtimeMs;
  } catch {
    // Removed between the read and the stat: judged by its contents alone.
  }
  return { text, owner, touchedMs };
}

/**
 * Whether the lock's owner still runs. On this host the pid decides (a pid equal to ours is a lock left by an
 * earlier run of a container whose server is always pid 1; this process's own locks are in `lockedHere`). From
 * another host the pid means nothing, so a lock untouched for FOREIGN_LOCK_STALE_MS is taken to be dead.
 */
function ownerRuns(found: FoundLock, now: number): boolean {
  const { owner } = found;
  // Unreadable: being written this instant, or cut short by a crash while it was written.
  if (!owner) return now - found.touchedMs < UNREADABLE_LOCK_STALE_MS;
  if (owner.host !== hostname()) return now - found.touchedMs < FOREIGN_LOCK_STALE_MS;
  return owner.pid !== process.pid && isAlive(owner.pid);
}

/**
 * Locks the embedded database's data directory for this process: a lock file created exclusively, holding the
 * pid and host, touched every TOUCH_INTERVAL_MS and removed on close or exit. A second process (or a second open
 * in this one) gets a DataDirInUseError at once. A lock left by a process that no longer runs (kill -9, a power
 * cut) is taken over, so it never blocks a start for good.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (lockedHere.has(dir)) {
    throw new DataDirInUseError(
      `The embedded database in ${dir} is already open in this process; it may be opened once at a time.`,
    );
  }
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  let tookOver: LockOwner | null = null;
  // A few rounds: another process may take over the same stale lock at the same moment; one of them wins.
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readOwner(file);
      if (!found) continue; // released meanwhile
      if (ownerRuns(found, Date.now())) throw inUse(dir, file, found.owner);
      if (removeStale(file, found)) tookOver = found.owner ?? tookOver;
      continue;
    }
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } finally {
      closeSync(fd);
    }
    return hold(dir, file, tookOver);
  }
  throw inUse(dir, file, readOwner(file)?.owner ?? null);
}

/**
 * Moves the stale lock aside, atomically: of two processes taking over the same stale lock, the second must not
 * remove the fresh lock the first has just written. What was moved is compared with what was judged stale; a
 * fresh lock moved by mistake goes back (unless its owner has released it meanwhile).
 */
function removeStale(file: string, stale: FoundLock): boolean {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // someone else took it first
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved === stale.text) {
    rmSync(aside, { force: true });
    return true;
  }
  try {
    linkSync(aside, file);
  } catch {
    // A newer lock is in place already: the next round judges it.
  }
  rmSync(aside, { force: true });
  return false;
}

function hold(dir: string, file: string, tookOver: LockOwner | null): DataDirLock {
  lockedHere.add(dir);
  const touch = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Removed by hand: nothing to keep fresh (the next start's lock is its own affair).
    }
  }, TOUCH_INTERVAL_MS);
  touch.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(touch);
    process.off('exit', release);
    lockedHere.delete(dir);
    // Only our own lock: one taken over while this process was stalled belongs to its new holder.
    if (readOwner(file)?.owner?.pid === process.pid) rmSync(file, { force: true });
  };
  // process.exit() skips the close hooks; kill -9 skips this too, which the stale-lock rule is for.
  process.on('exit', release);
  return { tookOver, release };
}

function inUse(dir: string, file: string, owner: LockOwner | null): DataDirInUseError {
  const where = !owner
    ? 'starting just now'
    : owner.host === hostname()
      ? `pid ${owner.pid}, since ${owner.startedAt}`
      : `pid ${owner.pid} on ${owner.host}, since ${owner.startedAt}`;
  return new DataDirInUseError(
    `The embedded database in ${dir} is in use by another process (${where}). ` +
      'Two processes on one embedded database damage it: stop the other one first, or set DATA_DIR to another ' +
      `directory. (The lock is ${file}; a lock left by a process that no longer runs is taken over at the next start.)`,
  );
}
