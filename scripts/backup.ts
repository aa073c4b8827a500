/**
 * `npm run backup [-- file]`: a backup of the database the api is configured for.
 * PostgreSQL (DATABASE_URL, and DATABASE_SCHEMA if set): `pg_dump --format=custom`, taken while
 * everything runs (a consistent snapshot). The embedded PGlite (DATA_DIR): its data folder as a gzipped
 * tar (PGlite's dumpDataDir), taken with the api stopped (PGlite is one process's database: refused
 * while the folder is in use).
 * Without a file name: backups/bancada-<date-time>.dump or backups/bancada-data-<date-time>.tar.gz, the
 * date and time as the shop's clock (SHOP_TZ) reads them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { lockDataDir } from '../api/db/data-dir-lock.ts';
import { DEFAULT_SHOP_TZ } from '../domain/dates.ts';
import { backupStamp, fail, isEmptyFolder, targetFromEnv } from './database-copy.ts';

const target = targetFromEnv();
const stamp = backupStamp(new Date(), process.env.SHOP_TZ || DEFAULT_SHOP_TZ);
const file = resolve(
  process.argv[2] ??
    (target.kind === 'postgres' ? `backups/bancada-${stamp}.dump` : `backups/bancada-data-${stamp}.tar.gz`),
);
mkdirSync(dirname(file), { recursive: true });

if (target.kind === 'postgres') {
  const schema = target.schema ? ['--schema', target.schema] : [];
  try {
    execFileSync(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', ...schema, '--file', file, target.url],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
  } catch {
    fail('Backup falhou: pg_dump não terminou (veja a mensagem acima).');
  }
} else {
  if (isEmptyFolder(target.pgliteDir)) fail(`Backup falhou: não há banco em ${target.pgliteDir} (DATA_DIR).`);
  // A copy taken while the api writes in the folder would damage it: refused while Bancada runs.
  const release = await lockDataDir(target.pgliteDir).catch(() =>
    fail(
      'Backup recusado: a Bancada está rodando com esta DATA_DIR. Pare-a (Ctrl+C em npm start) e rode o backup de novo.',
    ),
  );
  const db = await PGlite.create(target.pgliteDir, { extensions: { pg_trgm, unaccent } });
  const tar = await db.dumpDataDir('gzip');
  await db.close();
  await release().catch(() => {});
  writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
}
console.log(`Backup gravado em ${file}`);
