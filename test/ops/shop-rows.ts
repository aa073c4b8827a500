/**
 * A shop's rows as each version of the schema stored them, written in raw SQL (never through today's
 * api): users and an audit row (001), clients (002), the three kinds of O.S., a parts order, upfront
 * payments and a cash entry (003). The upgrades test writes each set as soon as its migration has run;
 * the backups test writes them all on a migrated database.
 */
import { sql } from 'kysely';
import { hashPassword } from '../../api/auth/passwords.ts';
import type { Db } from '../../api/db/connect.ts';

export const OLD_MANAGER = { username: 'gerente-de-2024', password: 'senha-antiga-do-gerente' };
export const DAY = '2024-03-15';

/** What each version of the schema could hold, written the moment its migration has run. */
export const SEEDS: Record<string, (db: Db) => Promise<void>> = {
  '001-foundation': async (db) => {
    const hash = await hashPassword(OLD_MANAGER.password);
    await sql`insert into users (username, password_hash, authority_level, origin)
      values (${OLD_MANAGER.username}, ${hash}, 100, 100)`.execute(db);
    await sql`insert into audit_log (actor_id, action, entity, entity_id, after)
      values (1, 'create', 'user', '1', '{"username":"gerente-de-2024"}'::jsonb)`.execute(db);
  },
  '002-clients': async (db) => {
    await sql`insert into clients (name, cpf, phone1, zip_code, address, number, neighborhood, city, state)
      values ('José Antônio da Conceição', '52998224725', '(11) 98765-4321', '01310100', 'Avenida Paulista',
              '1000', 'Bela Vista', 'São Paulo', 'SP')`.execute(db);
    await sql`insert into clients (name, cnpj, email) values ('Eletrônica Ação Ltda', '11222333000181', 'loja@acao.com.br')`.execute(
      db,
    );
  },
  '003-orders-and-transactions': async (db) => {
    const number = async (letter: string) => {
      const { rows } = await sql<{ n: string }>`select nextval(${`order_number_${letter}`}) as n`.execute(db);
      return `${letter.toUpperCase()}${String(rows[0]?.n).padStart(5, '0')}`;
    };
    await sql`insert into service_orders (kind, number, status, client_id, product_name, product_brand,
        product_model, product_serial, fix_value_final_cents, created_by)
      values ('normal', ${await number('m')}, 103, 1, 'Televisor', 'Semp', 'TL-42', 'SN-0042', 35000, 1)`.execute(
      db,
    );
    await sql`insert into service_orders (kind, number, status, client_id, original_service_order_id, return_motive,
        product_name, created_by)
      values ('returned', ${await number('r')}, 200, 1, 1, 'Voltou a desligar sozinho', 'Televisor', 1)`.execute(
      db,
    );
    await sql`insert into service_orders (kind, number, status, client_id, product_name, service_details,
        service_type, service_date, service_value_cents, created_by)
      values ('external', ${await number('e')}, 300, 2, 'Antena coletiva', 'Trocar o cabo do prédio', 'instalação',
              ${DAY}, 48000, 1)`.execute(db);
    await sql`insert into orders (number, status, client_id, piece_name, piece_code, piece_value_cents, created_by)
      values (${await number('p')}, 100, 2, 'Placa principal', 'BN94-1234', 21990, 1)`.execute(db);
    await sql`insert into transactions (type, value_cents, description, date, payment_method, service_order_id, created_by)
      values (101, 10000, 'Sinal do conserto', ${DAY}, 'pix', 1, 1)`.execute(db);
    await sql`insert into transactions (type, value_cents, description, date, payment_method, order_id, created_by)
      values (101, 5000, 'Sinal da placa', ${DAY}, 'dinheiro', 1, 1)`.execute(db);
    await sql`insert into transactions (type, value_cents, description, date, payment_method, created_by)
      values (201, 1250, 'Estanho e fluxo', ${DAY}, 'dinheiro', 1)`.execute(db);
  },
};

/** Every set at once on a database at the latest migration; `normalNumbersUsed` moves the M numbering on. */
export async function seedShop(db: Db, normalNumbersUsed = 0): Promise<void> {
  if (normalNumbersUsed > 0) await sql`select setval('order_number_m', ${normalNumbersUsed})`.execute(db);
  for (const seed of Object.values(SEEDS)) await seed(db);
}
