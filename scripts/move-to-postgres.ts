/**
 * `npm run move-to-postgres`: the embedded database (PGlite in DATA_DIR) copied into an EMPTY
 * PostgreSQL (DATABASE_URL, and DATABASE_SCHEMA if set), for a shop that began with `npm start` and
 * grows. Both are brought to the latest migration, then every row is copied with its id and every
 * sequence set where it was, so numbering continues (the next O.S. after M00041 is M00042). All in one
 * transaction on PostgreSQL: a failure leaves it empty. Run it with the api stopped.
 */
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../api/db/connect.ts';
import { DataDirInUse } from '../api/db/data-dir-lock.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { copyDatabase, fail, isEmptyFolder, tablesInOrder } from './database-copy.ts';

const url = process.env.DATABASE_URL;
if (!url) fail('Defina DATABASE_URL: o PostgreSQL de destino.');
const pgliteDir = resolve(process.env.DATA_DIR || './data', 'pglite');
if (isEmptyFolder(pgliteDir)) fail(`Não há banco embutido em ${pgliteDir} (DATA_DIR).`);

const source = await connectDatabase({ kind: 'pglite', dataDir: pgliteDir }).catch((err: unknown) =>
  err instanceof DataDirInUse
    ? fail(
        'Cópia recusada: a Bancada está rodando com esta DATA_DIR. Pare-a (Ctrl+C em npm start) e rode de novo.',
      )
    : Promise.reject(err),
);
const target = await connectDatabase({
  kind: 'postgres',
  url,
  ...(process.env.DATABASE_SCHEMA ? { schema: process.env.DATABASE_SCHEMA } : {}),
});
try {
  await migrateToLatest(source.db);
  await migrateToLatest(target.db);
  for (const table of await tablesInOrder(target.db)) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      target.db,
    );
    if ((rows[0]?.n ?? 0) > 0)
      fail(`Mudança recusada: o PostgreSQL de destino já tem dados (tabela ${table}). Use um banco vazio.`);
  }
  const copied = await copyDatabase(source.db, target.db);
  for (const [table, n] of Object.entries(copied)) console.log(`  ${table}: ${n}`);
  const schema = process.env.DATABASE_SCHEMA ? ` e DATABASE_SCHEMA=${process.env.DATABASE_SCHEMA}` : '';
  console.log(`Banco embutido copiado para o PostgreSQL. Inicie a api com este DATABASE_URL${schema}.`);
} finally {
  await source.close();
  await target.close();
}
