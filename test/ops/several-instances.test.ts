/**
 * Several instances, as docs/operations.md promises: two apis and two webs (their production commands)
 * on one PostgreSQL and one Redis. Both apis start at the same moment on an empty database: the
 * migrations run once and one first manager is created. One browser's requests alternate between the
 * webs (web 1 talks to api 1, web 2 to api 2) and its session holds, forms included; its access token
 * expires while it alternates, both webs refresh at the same moment, and the session survives with its
 * refresh token presented once and nothing revoked. Wrong passwords split over the two apis count as
 * one sign-in limit (decision 019: the counters are rows in PostgreSQL). Twenty
 * "Finalizar e Enviar para o caixa" at once, spread over both webs and so both apis, write one close.
 */
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../api/db/migrate.ts';
import { SESSION_PREFIX } from '../../server/middleware/session.ts';
import {
  type ApiDatabase,
  apiDatabase,
  apiEnv,
  buildDist,
  type Dist,
  hiddenFields,
  kill,
  MANAGER,
  openOrderThroughApi,
  SESSION_SECRET,
  type Service,
  signIn,
  slowProxy,
  startService,
} from './support.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.runIf(DATABASE_URL && REDIS_URL)('two webs and two apis on one PostgreSQL and one Redis', () => {
  let dist: Dist;
  let db: ApiDatabase;
  const apis: Service[] = [];
  const webs: Service[] = [];
  let schema: string;
  let client: pg.Client;

  beforeAll(async () => {
    dist = await buildDist();
    db = apiDatabase();
    schema = db.env.DATABASE_SCHEMA as string;
    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    for (const s of [...webs, ...apis]) await kill(s);
    await client?.end();
    await db?.drop();
    dist?.remove();
  });

  it('both apis started at the same moment run the migrations once and create one first manager', async () => {
    // Generous: the migrations' lock is one for the whole database, which other schemas' tests share.
    const start = () => startService('api', dist, apiEnv(db), 150_000);
    apis.push(...(await Promise.all([start(), start()])));
    const announced = apis.filter((a) => a.stdout().includes('Primeiro acesso: gerente'));
    expect(announced).toHaveLength(1);
    const users = await client.query(`select username from ${schema}.users`);
    expect(users.rows).toEqual([{ username: MANAGER.username }]);
    const ran = await client.query(`select name from ${schema}.kysely_migration order by name`);
    expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
  }, 200_000);

  it("one browser's requests alternate between the webs and its session holds", async () => {
    const [api1, api2] = apis as [Service, Service];
    for (const api of [api1, api2]) {
      webs.push(
        await startService('web', dist, { API_URL: api.url, REDIS_URL: REDIS_URL as string, SESSION_SECRET }),
      );
    }
    const [web1, web2] = webs as [Service, Service];
    const cookie = await signIn(web1.url);
    for (let i = 0; i < 6; i++) {
      const web = i % 2 === 0 ? web2 : web1;
      const res = await fetch(`${web.url}/consulta`, { headers: { cookie }, redirect: 'manual' });
      expect(res.status, `request ${i} to web ${i % 2 === 0 ? 2 : 1}`).toBe(200);
      expect(await res.text()).toContain(`<span class="who">${MANAGER.username}</span>`);
    }
    // A form opened on web 1 and posted to web 2: its CSRF token and the session are the same there.
    const page = await (await fetch(`${web1.url}/cadastrar-cliente`, { headers: { cookie } })).text();
    const posted = await fetch(`${web2.url}/cadastrar-cliente/salvar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...hiddenFields(page, '/cadastrar-cliente/salvar'),
        name: 'Cliente de Duas Webs',
      }),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toMatch(/^\/abrir-os-normal/);
    const saved = await client.query(
      `select count(*)::int as n from ${schema}.clients where name = 'Cliente de Duas Webs'`,
    );
    expect(saved.rows[0].n).toBe(1);
  }, 200_000);

  it('the access token expires while the browser alternates: both webs refresh at once, the session survives', async () => {
    const [api1, api2] = apis as [Service, Service];
    // Two more webs, each reaching its api through a proxy that holds every request 300 ms: both have
    // read the session with the expired token before either refresh answers.
    const proxies = [await slowProxy(api1.url), await slowProxy(api2.url)];
    const slowWebs: Service[] = [];
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    let key = '';
    try {
      for (const proxy of proxies) {
        slowWebs.push(
          await startService('web', dist, {
            API_URL: proxy.url,
            REDIS_URL: REDIS_URL as string,
            SESSION_SECRET,
          }),
        );
      }
      const [webA, webB] = slowWebs as [Service, Service];
      const before = await client.query(
        `select coalesce(max(id), 0)::int as id from ${schema}.refresh_tokens`,
      );
      const cookie = await signIn(webA.url);
      const sid = decodeURIComponent(/bancada\.sid=s%3A([^.]+)/.exec(cookie)?.[1] ?? '');
      key = `${SESSION_PREFIX}${sid}`;
      const stored = JSON.parse((await redis.get(key)) ?? '{}');
      expect(stored.auth?.token, 'the session holds the tokens').toBeTruthy();
      // The access token has expired (any token the api refuses does).
      stored.auth.token = 'expirado';
      await redis.set(key, JSON.stringify(stored), { expiration: { type: 'KEEPTTL' } });

      for (const proxy of proxies) proxy.delayMs = 300;
      // A page that calls the api (Consulta's empty form does not), every request out before any answer.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          fetch(`${(i % 2 === 0 ? webA : webB).url}/consulta?tipo=cliente&q=Silva`, {
            headers: { cookie },
            redirect: 'manual',
          }).then((r) => r.status),
        ),
      );
      for (const proxy of proxies) proxy.delayMs = 0;
      expect(answers).toEqual(Array.from({ length: 8 }, () => 200));
      for (const web of [webB, webA]) {
        const later = await fetch(`${web.url}/consulta?tipo=cliente&q=Silva`, {
          headers: { cookie },
          redirect: 'manual',
        });
        expect(later.status).toBe(200);
      }

      const tokens = await client.query(
        `select rotated_at, revoked_at from ${schema}.refresh_tokens where id > $1`,
        [before.rows[0].id],
      );
      // The sign-in's token and its one successor: the old token was presented once, nothing revoked.
      expect(tokens.rows.filter((t) => t.revoked_at !== null)).toEqual([]);
      expect(tokens.rows).toHaveLength(2);
    } finally {
      if (key) await redis.del(key);
      await redis.quit();
      for (const web of slowWebs) await kill(web);
      for (const proxy of proxies) await proxy.close();
    }
  }, 200_000);

  it('the sign-in limit is one count for both api processes: ten wrong passwords split over them lock the pair on each', async () => {
    const [api1, api2] = apis as [Service, Service];
    const attempt = async (api: Service, password: string) =>
      (
        await fetch(`${api.url}/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'alvo-das-duas-apis', password }),
        })
      ).status;
    // Five on each: an api counting alone would still let both try again.
    for (let i = 1; i <= 10; i += 1) {
      expect(await attempt(i % 2 ? api1 : api2, `errada-${i}`), `attempt ${i}`).toBe(401);
    }
    expect(await attempt(api1, 'mais-uma')).toBe(429);
    expect(await attempt(api2, 'mais-uma')).toBe(429);
  }, 60_000);

  it("20 concurrent 'Finalizar e Enviar para o caixa' over both webs and apis write one close entry", async () => {
    const [web1, web2] = webs as [Service, Service];
    const [api1] = apis as [Service];
    const id = await openOrderThroughApi(api1.url, 'Cliente dos Vinte Cliques', 'Televisor');

    // Closing needs a final value and a payment method (set here as an edit would). In the api's own
    // search path: the counting triggers of the reports name their tables unqualified.
    await client.query(`set search_path to ${schema}, public`);
    await client.query(
      `update ${schema}.service_orders set fix_value_final_cents = 35000, fix_payment_method = 'Pix' where id = $1`,
      [id],
    );
    const cookie = await signIn(web2.url);
    const detail = await (
      await fetch(`${web1.url}/os/${id}?dialogo=finalizar`, { headers: { cookie } })
    ).text();
    const fields = hiddenFields(detail, `/os/${id}/finalizar`);
    expect(fields.confirmado).toBe('sim');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${(i % 2 === 0 ? web1 : web2).url}/os/${id}/finalizar`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        }).then((r) => r.status),
      ),
    );
    expect(
      answers.filter((s) => s >= 500),
      `answers ${answers.join(' ')} fields ${Object.keys(fields).join(',')}`,
    ).toEqual([]);
    expect(
      answers.filter((s) => s === 303).length,
      `answers ${answers.join(' ')} fields ${Object.keys(fields).join(',')}`,
    ).toBeGreaterThanOrEqual(1);
    const closes = await client.query(
      `select count(*)::int as n from ${schema}.transactions where service_order_id = $1 and type = 102 and deleted_at is null`,
      [id],
    );
    expect(closes.rows[0].n).toBe(1);
    const order = await client.query(
      `select status, finished_at from ${schema}.service_orders where id = $1`,
      [id],
    );
    expect(order.rows[0].finished_at).not.toBeNull();
  }, 200_000);
});
