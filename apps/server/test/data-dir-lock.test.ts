import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, FOREIGN_LOCK_STALE_MS, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock';

/** The embedded database's directory lock (db/data-dir-lock.ts); the server's refusal is in config-startup.test.ts. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'predict-lock-'));
  dirs.push(dir);
  return dir;
};
const writeLock = (dir: string, owner: { pid: number; host?: string }) =>
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ host: hostname(), startedAt: '2026-01-01T00:00:00.000Z', ...owner }),
  );
/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the data directory lock', () => {
  it('holds the directory for one opener: a second one in this process is refused, release frees it', () => {
    const dir = newDir();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses a directory locked by another live process, naming it', () => {
    const dir = newDir();
    writeLock(dir, { pid: process.ppid });
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(
        `in use by another process \\(pid ${process.ppid}, since 2026-01-01.*stop the other one first`,
      ),
    );
    // The other process's lock is left as it was.
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.ppid });
  });

  it('takes over the lock of a process that no longer runs (kill -9)', () => {
    const dir = newDir();
    const pid = deadPid();
    writeLock(dir, { pid });
    const lock = lockDataDir(dir);
    expect(lock.tookOver).toMatchObject({ pid });
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('judges a lock from another host by its age, and a half-written one too', () => {
    const dir = newDir();
    const file = path.join(dir, LOCK_FILE);
    writeLock(dir, { pid: process.pid, host: 'another-machine' });
    expect(() => lockDataDir(dir)).toThrow(/pid \d+ on another-machine/);
    const old = new Date(Date.now() - FOREIGN_LOCK_STALE_MS - 1_000);
    utimesSync(file, old, old);
    lockDataDir(dir).release();

    writeFileSync(file, '{"pid":');
    expect(() => lockDataDir(dir)).toThrow(/starting just now/);
    utimesSync(file, old, old);
    lockDataDir(dir).release();
  });
});
