/**
 * Once per run: on a real PostgreSQL, install the extensions in `public` so that every test schema
 * finds them (CREATE EXTENSION from parallel files would race).
 */
import pg from 'pg';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public');
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  } finally {
    await client.end();
  }
}
