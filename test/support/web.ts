/**
 * The web app for tests, in front of the real api started in-process (never a mock of our own api).
 * Sessions go to the real Redis when REDIS_URL is set, else to the in-process store.
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import supertest from 'supertest';
import { buildWeb } from '../../server/boot.ts';
import { readWebEnv } from '../../server/env.ts';
import { MANAGER, startTestApi, TEST_WEB_API_SECRET, type TestApi } from './api.ts';

export type TestWeb = Awaited<ReturnType<typeof buildWeb>> & { api: TestApi; stop: () => Promise<void> };

export async function startTestWeb(
  options: { api?: TestApi; apiUrl?: string; env?: Record<string, string> } = {},
) {
  const api = options.api ?? (await startTestApi('pglite'));
  const env = readWebEnv({
    API_URL: options.apiUrl ?? api.url,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'segredo-de-teste-com-mais-de-32-caracteres',
    WEB_API_SECRET: TEST_WEB_API_SECRET,
    // Tests never reach an outside postal-code service: a test that needs one starts a local stand-in.
    CEP_PROVIDER_URL: 'http://127.0.0.1:9/ws/{cep}/json/',
    CEP_FALLBACK_URL: '',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const web = await buildWeb(env, pino({ level: 'silent' }), { sessionPrefix: testSessionPrefix() });
  return {
    ...web,
    api,
    async stop() {
      await removeSessions(web);
      await web.close();
      if (!options.api) await api.stop();
    },
  } satisfies TestWeb;
}

/** A session prefix of one test web's own, so that its sessions in a shared Redis can be removed. */
export function testSessionPrefix(): string {
  return `bancada:test:${randomUUID()}:sess:`;
}

/** Removes the sessions a test web kept in Redis (none when Redis is not in use or not reachable). */
export async function removeSessions(web: Pick<TestWeb, 'deps' | 'sessionPrefix'>): Promise<void> {
  const redis = web.deps.redis;
  if (!redis?.isReady) return;
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${web.sessionPrefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await redis.del(keys);
    }
  } catch (err) {
    // A web whose Redis a test stalled behind a proxy may read a stale reply on that connection: its
    // sessions then expire on their own (12 h); the cleanup is a courtesy, not what the test checks.
    process.emitWarning(`test sessions under ${web.sessionPrefix} left to expire: ${String(err)}`);
  }
}

/** The `_csrf` value of the first form in an HTML page. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no _csrf field on the page');
  return match[1];
}

export type Agent = ReturnType<typeof supertest.agent>;

/** A browser-like agent (keeps cookies) that has fetched `path` and knows the page's CSRF token. */
export async function agentOn(web: { app: TestWeb['app'] }, path = '/') {
  const agent = supertest.agent(web.app);
  const page = await agent.get(path);
  return { agent, csrf: csrfOf(page.text) };
}

/** Posts a form the way a browser does, with the CSRF token read from `fromPath` first. */
export async function postForm(agent: Agent, path: string, fields: Record<string, string>, fromPath = path) {
  const page = await agent.get(fromPath);
  return agent
    .post(path)
    .type('form')
    .send({ _csrf: csrfOf(page.text), ...fields });
}

/** Signs in through the login form; the agent is then a signed-in browser. */
export async function signIn(
  web: { app: TestWeb['app'] },
  username = MANAGER.username,
  password = MANAGER.password,
) {
  const { agent } = await agentOn(web, '/');
  const res = await postForm(agent, '/', { username, password }, '/');
  if (res.status !== 303 || res.headers.location !== '/consulta') {
    throw new Error(`sign-in failed: ${res.status} ${res.text.slice(0, 200)}`);
  }
  return agent;
}

/**
 * Opens the cash for this browser through 'Acessar Caixa' with a user's login (the manager's unless said);
 * the answer is a 303 back to `back` when it opened.
 */
export function unlockCash(
  agent: Agent,
  user: { username: string; password: string } = MANAGER,
  back: '/caixa-hoje' | '/caixa-periodo' = '/caixa-hoje',
) {
  const { username, password } = user;
  return postForm(agent, '/caixa/acessar', { username, password, voltar: back }, back);
}

/** The texts of the toasts on a page. */
export function toastsOf(html: string): string[] {
  return [...html.matchAll(/<p class="toast toast-(?:success|error)"[^>]*>([^<]*)<\/p>/g)].map((m) =>
    decodeEntities(m[1] ?? ''),
  );
}

/** The error message shown under a field. */
export function fieldErrorOf(html: string, id: string): string | undefined {
  const match = new RegExp(`<p class="field-error" id="${id}-error">([^<]*)</p>`).exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

export function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * A refused form (post/redirect/get): the POST answers 303 to the form's page with a draft's id
 * (`?rascunho=`), never a page a browser would offer to send again; returns that page's GET.
 */
export async function refusedPage(
  agent: Agent,
  posted: { status: number; headers: Record<string, string>; text: string },
  path: string,
) {
  if (posted.status !== 303)
    throw new Error(`expected 303, got ${posted.status}: ${posted.text.slice(0, 200)}`);
  const location = String(posted.headers.location);
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!new RegExp(`^${escaped}(\\?[^#]*&|\\?)rascunho=[\\w-]{22}$`).test(location)) {
    throw new Error(`expected a redirect to ${path} with a draft, got ${location}`);
  }
  const page = await agent.get(location);
  if (page.status !== 200) throw new Error(`the draft's page answered ${page.status}`);
  return page;
}

/** The close confirmation's dialog, and the fields its form sends as drawn (the hidden ones). */
export function closeDialogOf(html: string) {
  const dialog = /<dialog id="finalizar"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
  const fields: Record<string, string> = {};
  for (const m of dialog.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1] as string] = decodeEntities(m[2] as string);
  }
  return { dialog, fields };
}
