/**
 * Lets Kysely's own PostgresDialect drive PGlite, so both databases run the same SQL and migrations.
 * PGlite is one session: a pool of one, where connect() waits for the previous holder to release,
 * keeps transactions from interleaving (and makes row locks trivially hold).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];
const COMMANDS = new Set(['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE', 'COMMIT', 'ROLLBACK']);

function commandOf(sql: string): Command {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
  return (COMMANDS.has(word) ? word : 'SELECT') as Command;
}

export function pglitePool(pg: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  return {
    options: {},
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const previous = tail;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      await previous;
      let released = false;
      const client = {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>) {
          const result = await pg.query<R>(sql, parameters as unknown[]);
          return {
            command: commandOf(sql),
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          } as PostgresQueryResult<R>;
        },
        release() {
          if (!released) {
            released = true;
            release();
          }
        },
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      await tail;
      await pg.close();
    },
  };
}
