/**
 * Thin clients (target 3): Debian's Chromium (playwright-core, the flags of test/support/browser.ts) with
 * the CPU slowed six times by CDP (Emulation.setCPUThrottlingRate), as an old counter machine. Measured:
 * the time from navigation to a usable page, its main button visible and enabled, timed from this
 * process (a few ms of CDP round trip included):
 * - first loads, each in a fresh context (empty cache): the login page, Consulta with results (signed in),
 *   an order page; the old single-page app's bundle (seed-spa.ts), its login button; and the browser's
 *   floor, a page with one button and nothing else, which bounds the speed-up any page can show;
 * - the navigations of a sequence in one tab: login → Consulta → order → print sheet (cache warm).
 * Each measure is the median of `runs`, twice: by the page's own clock (navigation start to the frame in
 * which the button is first there and enabled: what a person at the machine sees), and from this process
 * (that plus the driver's CDP round trips and polling, which slow down six times with the page). The
 * targets are read on the page's clock.
 */
import { performance } from 'node:perf_hooks';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CPU_SLOWDOWN = 6;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type ThinMeasure = {
  name: string;
  /** By the page's clock: navigation start to the main button painted, enabled. */
  runs: number[];
  medianMs: number;
  /** From the driver, outside the page. */
  driverRuns: number[];
  driverMedianMs: number;
};

/**
 * Put in every document before its own scripts: notes, by the page's clock, the first frame in which each
 * selector's element is there and enabled (a requestAnimationFrame callback runs just before that paint).
 * A string, not a function: tsx would wrap a function's inner ones in a helper the page does not have.
 */
const watchUsable = (selectors: string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const usable = (window.__usable = {});
  const pending = new Set();
  const check = () => {
    for (const sel of selectors) {
      if (sel in usable || pending.has(sel)) continue;
      const el = document.querySelector(sel);
      if (!el || el.disabled) continue;
      pending.add(sel);
      requestAnimationFrame(() => { usable[sel] = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** The page's own time to the frame where all the selectors are usable (waits for their callbacks). */
async function pageClock(page: Page, ...selectors: string[]): Promise<number> {
  const handle = await page.waitForFunction(
    `(() => {
      const seen = window.__usable || {};
      const sels = ${JSON.stringify(selectors)};
      return sels.every((s) => s in seen) ? Math.max(...sels.map((s) => seen[s])) : undefined;
    })()`,
    undefined,
    { timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

export type ThinResult = {
  firstLoads: ThinMeasure[];
  spa: ThinMeasure;
  /** A page with one button and nothing else: the browser's floor. */
  floor: ThinMeasure;
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

/** The main buttons measured, on every page. */
let watched: string[] = [];

async function slowed(context: BrowserContext): Promise<Page> {
  await context.addInitScript({ content: watchUsable(watched) });
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
  /** The floor page (seed-spa.ts), same server as the old app. */
  floorUrl: string;
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
  watched = [
    'button[type=submit].primary',
    'main button[type=submit]',
    orderLink,
    orderMain,
    '#entrar',
    'button.primary',
  ];
  const measured = (name: string, runs: number[], driverRuns: number[]): ThinMeasure => ({
    name,
    runs: runs.map(Math.round),
    medianMs: median(runs),
    driverRuns: driverRuns.map(Math.round),
    driverMedianMs: median(driverRuns),
  });
  try {
    /** A fresh context (empty cache), signed in or not, and one slowed navigation timed in it. */
    const cold = async (name: string, url: string, selector: string, signedIn: boolean, shows?: string) => {
      const times: number[] = [];
      const clock: number[] = [];
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
        clock.push(await pageClock(page, selector, ...(shows ? [shows] : [])));
        await context.close();
      }
      const m = measured(name, clock, times);
      options.log(
        `  thin: ${name}: median ${m.medianMs} ms (${m.runs.join(', ')}), driver ${m.driverMedianMs} ms`,
      );
      return m;
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
    const floor = await cold(
      'one button, nothing else',
      options.floorUrl,
      'button[type=submit].primary',
      false,
    );

    // The sequence, in one tab: the login page loaded first (untimed), then each step timed.
    const steps: Record<string, { clock: number[]; driver: number[] }> = {};
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await slowed(context);
      await page.goto(`${webUrl}/`);
      await usable(page, 'button[type=submit].primary');
      const step = async (name: string, selectors: string[], run: () => Promise<void>) => {
        const ms = await timed(run);
        const entry = steps[name] ?? { clock: [], driver: [] };
        entry.driver.push(ms);
        entry.clock.push(await pageClock(page, ...selectors));
        steps[name] = entry;
      };
      await step('login → Consulta', ['main button[type=submit]'], async () => {
        await page.fill('input[name=username]', options.credentials.username);
        await page.fill('input[name=password]', options.credentials.password);
        await page.click('button[type=submit].primary');
        await page.waitForURL(/\/consulta/);
        await usable(page, 'main button[type=submit]');
      });
      await step('Consulta → results', ['main button[type=submit]', orderLink], async () => {
        await page.fill('input[name=q]', options.order.number);
        await page.selectOption('select[name=tipo]', 'os');
        await page.click('main button[type=submit]');
        await page.locator(orderLink).first().waitFor({ state: 'visible' });
        await usable(page, 'main button[type=submit]');
      });
      await step('results → order', [orderMain], async () => {
        await page.click(orderLink);
        await usable(page, orderMain);
      });
      await step('order → print sheet', ['button.primary'], async () => {
        // The sheet's link opens a tab of its own; the same page is followed here in this one.
        await page.goto(`${webUrl}/os/${options.order.id}/imprimir`, { waitUntil: 'commit' });
        await usable(page, 'button.primary');
      });
      await context.close();
    }
    const sequence = Object.entries(steps).map(([name, { clock, driver }]) => {
      const m = measured(name, clock, driver);
      options.log(`  thin: ${name}: median ${m.medianMs} ms, driver ${m.driverMedianMs} ms`);
      return m;
    });
    const login = firstLoads[0]?.medianMs ?? 0;
    return {
      firstLoads,
      spa,
      floor,
      sequence,
      speedup: Math.round((spa.medianMs / Math.max(1, login)) * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
