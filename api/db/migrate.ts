/** Runs every migration in order at start; the same files serve PostgreSQL and PGlite. */
import { type Migration, Migrator } from 'kysely/migration';
import * as m001 from '../migrations/001-foundation.ts';
import type { Db } from './connect.ts';

const migrations: Record<string, Migration> = {
  '001-foundation': m001,
};

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Falha na migração ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}
