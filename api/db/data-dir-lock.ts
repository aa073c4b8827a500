/**
 * One owner at a time for an embedded database's folder (DATA_DIR). PGlite keeps the database inside
 * this process: a second process opening the same folder (a backup taken while `npm start` runs, a
 * second api) writes over the first one's pages, and rows saved afterwards were lost. Every opener
 * takes this lock first (proper-lockfile: a lock directory whose time is refreshed while held, so a
 * crashed owner's lock goes stale by itself).
 */
import lockfile from 'proper-lockfile';

/** Refreshed every UPDATE_MS while held; older than STALE_MS, it was left by a process that died. */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;

export const DATA_DIR_IN_USE =
  'A pasta de dados (DATA_DIR) já está em uso por outra Bancada em execução. Pare-a antes (Ctrl+C em npm start) e tente de novo.';

export class DataDirInUse extends Error {
  constructor(readonly dataDir: string) {
    super(`${DATA_DIR_IN_USE} Pasta: ${dataDir}`);
  }
}

/**
 * Takes the folder's lock, or throws DataDirInUse. `waitForStale`: a process restarted right after a
 * crash waits for its predecessor's lock to go stale instead of failing (the api); a one-off command
 * (backup, restore) refuses at once. Returns the release.
 */
export async function lockDataDir(
  dataDir: string,
  options: { waitForStale?: boolean } = {},
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      // Beside the folder, not in it: a backup copies the folder, and must not carry the lock away.
      lockfilePath: `${dataDir}.lock`,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: options.waitForStale
        ? { retries: Math.ceil(STALE_MS / 2_000) + 2, factor: 1, minTimeout: 2_000, maxTimeout: 2_000 }
        : 0,
      // Its time not refreshed for STALE_MS (one statement held this thread that long: a huge restore or
      // seed). Another opener could take it now; said loudly, but the work in hand is not cut short.
      onCompromised: (err) => {
        process.stderr.write(`Aviso: a trava da pasta de dados ${dataDir} ficou vencida (${err.message}).\n`);
      },
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') throw new DataDirInUse(dataDir);
    throw err;
  }
}
