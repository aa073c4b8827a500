/**
 * `npm run restore -- file`: puts a backup of `npm run backup` into an EMPTY database, never over data.
 * A `.dump` goes to the PostgreSQL of DATABASE_URL (pg_restore in one transaction: all or nothing; the
 * schema the dump was taken from is created again). A `.tar.gz` becomes the PGlite data folder under
 * DATA_DIR, which must not hold a database yet. Start the api afterwards: it runs any newer migrations.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { lockDataDir } from '../api/db/data-dir-lock.ts';
import { fail, isEmptyFolder, targetFromEnv } from './database-copy.ts';

const arg = process.argv[2];
if (!arg) fail('Uso: npm run restore -- <arquivo .dump ou .tar.gz>');
const file = resolve(arg);
if (!existsSync(file)) fail(`Restauração: o arquivo ${file} não existe.`);
const target = targetFromEnv();

if (file.endsWith('.dump')) {
  if (target.kind !== 'postgres')
    fail('Restauração de .dump: defina DATABASE_URL (o banco PostgreSQL de destino).');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'users'`,
      [target.schema ?? 'public'],
    );
    if (rows[0]?.n > 0)
      fail('Restauração recusada: o banco de destino já tem dados. Restaure num banco vazio.');
    // The api's search functions use these extensions, kept in public (a dump of one schema omits them).
    await client.query('CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public');
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  } finally {
    await client.end();
  }
  try {
    execFileSync(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--dbname',
        target.url,
        file,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  } catch {
    fail('Restauração falhou: pg_restore não terminou; nada foi gravado (veja a mensagem acima).');
  }
} else if (file.endsWith('.tar.gz') || file.endsWith('.tgz')) {
  if (target.kind !== 'pglite')
    fail('Restauração de .tar.gz: sem DATABASE_URL, o destino é a pasta DATA_DIR.');
  if (!isEmptyFolder(target.pgliteDir)) {
    fail(`Restauração recusada: ${target.pgliteDir} já tem um banco. Use uma DATA_DIR nova ou vazia.`);
  }
  const existed = existsSync(target.pgliteDir);
  mkdirSync(target.pgliteDir, { recursive: true });
  const release = await lockDataDir(target.pgliteDir).catch(() =>
    fail('Restauração recusada: a Bancada está rodando com esta DATA_DIR. Pare-a e restaure de novo.'),
  );
  try {
    const db = await PGlite.create(target.pgliteDir, {
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: { pg_trgm, unaccent },
    });
    await db.query('select 1');
    await db.close();
  } catch {
    // Nothing half-written left behind: the folder is as empty as it was.
    rmSync(target.pgliteDir, { recursive: true, force: true });
    if (existed) mkdirSync(target.pgliteDir, { recursive: true });
    await release().catch(() => {});
    fail(
      `Restauração falhou: ${file} não é um backup da Bancada (npm run backup) legível; nada foi gravado.`,
    );
  }
  await release().catch(() => {});
} else {
  fail('Restauração: o arquivo deve ser .dump (PostgreSQL) ou .tar.gz (PGlite), como os de npm run backup.');
}
console.log(`Backup ${file} restaurado.`);
