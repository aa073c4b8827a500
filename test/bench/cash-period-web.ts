/**
 * The rendered Caixa por período for the cash by period bench: the web started in-process in front of the
 * bench's own api (as the web tests start it) and listening on a port, and a browser session kept as
 * cookies: signed in through the login form, the cash unlocked by the manager through its form
 * (server/cash-unlock.ts). The unlock lasts ten minutes, so the session unlocks again, untimed, well
 * before. Each page is timed to the last byte of its HTML.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { MANAGER, type TestApi } from '../support/api.ts';
import { csrfOf, startTestWeb } from '../support/web.ts';
import { fetchBody, percentiles, type Timing, timeMany } from './timing.ts';

/** The rendered period page's p95, in ms. */
export const PAGE_TARGET_MS = 300;

export type PageCase = {
  label: string;
  /** The page's path and query, e.g. /caixa-periodo?de=01%2F01%2F2025&ate=31%2F12%2F2025 */
  path: string;
  /** A text the page must show ('Página 1 de 1.238'), checked once before timing. */
  shows: string;
};

export type PageResult = {
  label: string;
  path: string;
  /** Rows of the list on the page. */
  rows: number;
  /** Size of the HTML, in kB. */
  kilobytes: number;
  http: Timing;
  meetsTarget: boolean;
};

export async function startBenchWeb(api: TestApi) {
  const web = await startTestWeb({ api });
  const server = web.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await web.stop();
    },
  };
}

/** A browser on the web: its cookies, signed in, the cash unlocked by the manager. */
export async function unlockedBrowser(webUrl: string) {
  const cookies = new Map<string, string>();
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  async function send(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
    const res = await fetch(`${webUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: cookie(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  }

  /** Posts a form as a browser does: the CSRF token read from the page the form is on. */
  async function postForm(path: string, from: string, fields: Record<string, string>) {
    const page = await send('GET', from);
    return send('POST', path, { _csrf: csrfOf(page.text), ...fields });
  }

  const credentials = { username: MANAGER.username, password: MANAGER.password };
  const signedIn = await postForm('/', '/', credentials);
  if (signedIn.status !== 303 || signedIn.location !== '/consulta') {
    throw new Error(`web sign-in: ${signedIn.status} ${signedIn.text.slice(0, 200)}`);
  }

  let unlockedAt = Number.NEGATIVE_INFINITY;
  return {
    /** Unlocks the cash again when half of its ten minutes are gone (untimed, before a timed request). */
    async fresh() {
      if (performance.now() - unlockedAt < 5 * 60_000) return;
      const res = await postForm('/caixa/acessar', '/caixa-periodo', {
        ...credentials,
        voltar: '/caixa-periodo',
      });
      if (res.status !== 303 || res.location !== '/caixa-periodo') {
        throw new Error(`cash unlock: ${res.status} ${res.text.slice(0, 200)}`);
      }
      unlockedAt = performance.now();
    },
    headers: () => ({ cookie: cookie() }),
  };
}

export async function timePages(
  webUrl: string,
  browser: Awaited<ReturnType<typeof unlockedBrowser>>,
  cases: PageCase[],
  times: number,
  log: (line: string) => void,
): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const { label, path, shows } of cases) {
    const url = `${webUrl}${path}`;
    await browser.fresh();
    const check = await fetchBody(url, browser.headers());
    const html = check.body.toString();
    if (check.status !== 200 || !html.includes(shows)) {
      throw new Error(`GET ${path}: ${check.status}, '${shows}' not found in ${html.slice(0, 300)}`);
    }
    const samples = await timeMany(
      times,
      Math.min(2, times),
      async () => {
        const res = await fetchBody(url, browser.headers());
        if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      },
      browser.fresh,
    );
    const http = percentiles(samples);
    log(`cash-period: page ${label}: p50 ${http.p50} ms, p95 ${http.p95} ms`);
    results.push({
      label,
      path,
      rows: html.match(/<tr class="flow-row-/g)?.length ?? 0,
      kilobytes: Math.round(check.body.length / 100) / 10,
      http,
      meetsTarget: http.p95 < PAGE_TARGET_MS,
    });
  }
  return results;
}
