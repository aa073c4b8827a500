/** Reads the audit trail of one entity row, oldest first, straight from the test api's database. */
import type { TestApi } from './api.ts';

export function auditRows(api: TestApi, entity: string, entityId: number) {
  return api.deps.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}
