import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite takes no lock on its data directory, and two processes writing one directory corrupt it.
// So the server takes its own: DATA_DIR/db.lock holding the owner's pid, created exclusively (O_EXCL),
// and refuses to start while that pid is alive. A lock left by a crashed process is taken over.

export class DatabaseLockedError extends Error {
  override readonly name = 'DatabaseLockedError';
  constructor(readonly pid: number) {
    super(`Another process (pid ${pid}) is using the database in DATA_DIR; stop it first or use a different DATA_DIR.`);
  }
}

// Lock files this process holds. A lock naming our own pid that is not in here was left by an earlier
// process that had the same pid: common in containers, where the server is pid 1 on every start.
const heldHere = new Set<string>();

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: existence check only
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // vanished meanwhile
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Takes DATA_DIR/db.lock for this process, or throws DatabaseLockedError naming the live owner. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'db.lock');
  // A few rounds cover the race where two starting processes both find the same stale lock.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(file)) {
      heldHere.add(file);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          // Remove it only if it is still ours (an operator may have deleted and re-created it).
          if (readOwner(file) === process.pid) {
            try {
              unlinkSync(file);
            } catch {
              // already gone
            }
          }
        },
      };
    }
    let owner = readOwner(file);
    if (owner === null) {
      // Empty: either a crash mid-write, or another process between creating the file and writing its pid.
      // Give the latter a moment before treating the file as abandoned.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      owner = readOwner(file);
    }
    // The owner may be this very process: a second open of the same directory is just as dangerous.
    if (owner === process.pid && heldHere.has(file)) throw new DatabaseLockedError(owner);
    if (owner !== null && owner !== process.pid && isAlive(owner)) throw new DatabaseLockedError(owner);
    // Stale (a dead owner, or our pid left by an earlier process) or unreadable (a crash mid-write): take it over.
    try {
      unlinkSync(file);
    } catch {
      // someone else removed it first; try again
    }
  }
  throw new Error(`Could not take the database lock ${file}; remove it if no server is running.`);
}
