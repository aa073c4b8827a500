/**
 * Thin clients (target 3): Debian's Chromium (playwright-core, the flags of test/support/browser.ts) with
 * the CPU slowed six times by CDP (Emulation.setCPUThrottlingRate), as an old counter machine. Measured:
 * the time from navigation to a usable page, its main button visible and enabled, timed from this
 * process (a few ms of CDP round trip included):
 * - first loads, each in a fresh context (empty cache): the login page, Consulta with results (signed in),
 *   an order page; and the old single-page app's bundle (seed-spa.ts), its login button;
 * - the navigations of a sequence in one tab: login → Consulta → order → print sheet (cache warm).
 * Each measure is the median of `runs`.
 */
import { performance } from 'node:perf_hooks';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CPU_SLOWDOWN = 6;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type ThinMeasure = { name: string; runs: number[]; medianMs: number };

export type ThinResult = {
  firstLoads: ThinMeasure[];
  spa: ThinMeasure;
  sequence: ThinMeasure[];
  /** SPA first load / Bancada login first load. */
  speedup: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(
    sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2,
  );
};

/** A visible, enabled main button of the page. */
async function usable(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && !(el as HTMLButtonElement).disabled;
    },
    selector,
    { polling: 'raf', timeout: 30_000 },
  );
}

async function slowed(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function measureThin(options: {
  webUrl: string;
  spaUrl: string;
  /** A signed-in session cookie ('name=value') for the first loads behind the login. */
  cookie: string;
  credentials: { username: string; password: string };
  /** An order's number (searched in Consulta) and its id. */
  order: { id: number; number: string };
  runs: number;
  log: (line: string) => void;
}): Promise<ThinResult> {
  const { webUrl, runs } = options;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const [cookieName = '', cookieValue = ''] = options.cookie.split(/=(.*)/s);
  const consulta = `/consulta?q=${encodeURIComponent(options.order.number)}&tipo=os`;
  const orderLink = `a[href="/os/${options.order.id}"]`;
  // The order page's print link: there whatever the order's status (a finished one has no Editar).
  const orderMain = `a.button[href="/os/${options.order.id}/imprimir"]`;
  try {
    /** A fresh context (empty cache), signed in or not, and one slowed navigation timed in it. */
    const cold = async (name: string, url: string, selector: string, signedIn: boolean, shows?: string) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext();
        if (signedIn) {
          await context.addCookies([{ name: cookieName, value: cookieValue, url: webUrl }]);
        }
        const page = await slowed(context);
        times.push(
          await timed(async () => {
            await page.goto(url, { waitUntil: 'commit' });
            if (shows) await page.locator(shows).first().waitFor({ state: 'visible', timeout: 30_000 });
            await usable(page, selector);
          }),
        );
        await context.close();
      }
      options.log(`  thin: ${name}: median ${median(times)} ms (${times.map(Math.round).join(', ')})`);
      return { name, runs: times.map(Math.round), medianMs: median(times) };
    };

    const firstLoads = [
      await cold('login page', `${webUrl}/`, 'button[type=submit].primary', false),
      await cold(
        'Consulta with results',
        `${webUrl}${consulta}`,
        'main button[type=submit]',
        true,
        orderLink,
      ),
      await cold('order page', `${webUrl}/os/${options.order.id}`, orderMain, true),
    ];
    const spa = await cold('single-page app (old libraries)', `${options.spaUrl}/`, '#entrar', false);

    // The sequence, in one tab: the login page loaded first (untimed), then each step timed.
    const steps: Record<string, number[]> = {};
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await slowed(context);
      await page.goto(`${webUrl}/`);
      await usable(page, 'button[type=submit].primary');
      const step = async (name: string, run: () => Promise<void>) => {
        const ms = await timed(run);
        steps[name] = [...(steps[name] ?? []), ms];
      };
      await step('login → Consulta', async () => {
        await page.fill('input[name=username]', options.credentials.username);
        await page.fill('input[name=password]', options.credentials.password);
        await page.click('button[type=submit].primary');
        await page.waitForURL(/\/consulta/);
        await usable(page, 'main button[type=submit]');
      });
      await step('Consulta → results', async () => {
        await page.fill('input[name=q]', options.order.number);
        await page.selectOption('select[name=tipo]', 'os');
        await page.click('main button[type=submit]');
        await page.locator(orderLink).first().waitFor({ state: 'visible' });
        await usable(page, 'main button[type=submit]');
      });
      await step('results → order', async () => {
        await page.click(orderLink);
        await usable(page, orderMain);
      });
      await step('order → print sheet', async () => {
        // The sheet's link opens a tab of its own; the same page is followed here in this one.
        await page.goto(`${webUrl}/os/${options.order.id}/imprimir`, { waitUntil: 'commit' });
        await usable(page, 'button.primary');
      });
      await context.close();
    }
    const sequence = Object.entries(steps).map(([name, times]) => {
      options.log(`  thin: ${name}: median ${median(times)} ms`);
      return { name, runs: times.map(Math.round), medianMs: median(times) };
    });
    const login = firstLoads[0]?.medianMs ?? 0;
    return {
      firstLoads,
      spa,
      sequence,
      speedup: Math.round((spa.medianMs / Math.max(1, login)) * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
