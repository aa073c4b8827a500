/** Row types of every table, as Kysely sees them. */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  authority_level: number;
  origin: number;
  active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  rotated_at: ColumnType<Date | null, never, Date | string | null>;
  revoked_at: ColumnType<Date | null, never, Date | string | null>;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Timestamp>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  after: JSONColumnType<Record<string, unknown> | null, string | null, never>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
}
