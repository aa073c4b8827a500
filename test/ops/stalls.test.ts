/**
 * Redis and PostgreSQL that stop answering (packets dropped, connections left open) or refuse: every page
 * ends within 5 s on the clear 503 page, never a hang and never a text that blames the person's typing;
 * when the service is back the same browser works again, without restarting anything. The faults are made
 * by TCP proxies of our own in front of the machine's Redis and PostgreSQL, which are never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  memoryLog,
  stackBehindPostgresProxy,
  startLoggedApi,
  startLoggedWeb,
  waitFor,
} from '../hostile/support.ts';
import { MANAGER } from '../support/api.ts';
import { type TcpProxy, tcpProxy } from '../support/tcp-proxy.ts';
import { type Agent, agentOn, postForm, signIn } from '../support/web.ts';

const UNAVAILABLE = /indisponível/;
const BLAME = /Cheque suas credenciais|CPF já pode estar cadastrado|Cheque os dados|Cheque os valores/;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

describe.runIf(process.env.REDIS_URL)('Redis stalled', () => {
  let proxy: TcpProxy;
  let api: Awaited<ReturnType<typeof startLoggedApi>>;
  let web: Awaited<ReturnType<typeof startLoggedWeb>>;

  beforeAll(async () => {
    const target = new URL(process.env.REDIS_URL ?? '');
    proxy = await tcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    api = await startLoggedApi(memoryLog('api', 'silent').log);
    web = await startLoggedWeb(api.url, memoryLog('web', 'silent').log, {
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_TIMEOUT_MS: '1500',
    });
  }, 120_000);
  afterAll(async () => {
    proxy?.resume();
    await web?.close();
    await api?.stop();
    await proxy?.stop();
  });

  it('a signed-in page ends on the 503 page within 5 s, and the same session works when Redis answers again', async () => {
    const agent = await signIn(web);
    expect((await agent.get('/consulta')).status).toBe(200);

    proxy.stall();
    const { value: stalled, ms } = await timed(() => agent.get('/consulta'));
    expect(stalled.status).toBe(503);
    expect(stalled.text).toMatch(UNAVAILABLE);
    expect(ms).toBeLessThan(5_000);

    proxy.resume();
    const { ms: recovery } = await timed(() =>
      waitFor(async () => (await agent.get('/consulta')).status === 200, 15_000, 'the page back'),
    );
    console.info(`Redis stalled: 503 after ${ms} ms; the same session back ${recovery} ms after Redis`);
  }, 60_000);
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL stalled or refused', () => {
  let stack: Awaited<ReturnType<typeof stackBehindPostgresProxy>>;
  let proxy: TcpProxy;
  let api: (typeof stack)['api'];
  let agent: Agent;
  let clientId: number;

  beforeAll(async () => {
    stack = await stackBehindPostgresProxy(2_000);
    ({ proxy, api } = stack);
    agent = await signIn(stack.web);
    const login = await call(api.url, 'POST', '/sessions', { body: MANAGER });
    const token = (login.json as { token: string }).token;
    const created = await call(api.url, 'POST', '/clients', {
      token,
      body: { name: 'Cliente do Banco Parado' },
    });
    clientId = (created.json as { id: number }).id;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('stalled: the page ends on "Servidor indisponível" within 5 s; back without restart', async () => {
    const page = `/editar-cliente/${clientId}`;
    expect((await agent.get(page)).status).toBe(200);

    proxy.stall();
    const { value: stalled, ms } = await timed(() => agent.get(page));
    expect(stalled.status).toBe(503);
    expect(stalled.text).toContain('Servidor indisponível');
    expect(ms).toBeLessThan(5_000);

    proxy.resume();
    const { ms: recovery } = await timed(() =>
      waitFor(async () => (await agent.get(page)).status === 200, 15_000, 'the page back'),
    );
    console.info(`PostgreSQL stalled: 503 after ${ms} ms; back ${recovery} ms after PostgreSQL`);
  }, 60_000);

  it('refused: sign-in and Cadastrar cliente say "Servidor indisponível", never the person\'s mistake', async () => {
    await proxy.stop();
    try {
      const { agent: visitor } = await agentOn(stack.web, '/');
      const login = await postForm(visitor, '/', { username: MANAGER.username, password: MANAGER.password });
      expect(login.status).toBe(503);
      expect(login.text).toContain('Servidor indisponível');
      expect(login.text).not.toMatch(BLAME);

      const create = await postForm(agent, '/cadastrar-cliente', { name: 'Cliente Sem Banco' });
      expect(create.status).toBe(503);
      expect(create.text).toContain('Servidor indisponível');
      expect(create.text).not.toMatch(BLAME);
    } finally {
      await proxy.start();
    }
    await waitFor(
      async () => (await agent.get(`/editar-cliente/${clientId}`)).status === 200,
      15_000,
      'the page back',
    );
  }, 60_000);
});
