/**
 * Sheets to PDF in the system's headless Chromium (never a downloaded one). One browser is kept and
 * launched again if it goes away. The sheet's HTML is fetched by the agent with its device key and
 * handed to the page for the job's URL, so the browser never holds the key; the sheet's stylesheet and
 * fonts load from the web as for any page. Under a path prefix (--url http://loja/bancada) the sheet's
 * own addresses (/static/…) are the web's without it: the page asks for them under the prefix.
 */
import { type Browser, chromium } from 'playwright-core';
import { onBase, prefixOf } from './address.ts';

/** Chromium's CSS pixels per millimetre (96 per inch). */
const PX_PER_MM = 96 / 25.4;

export type Renderer = {
  pdf(url: string, html: string, paper: string): Promise<Buffer>;
  close(): Promise<void>;
};

export function chromiumRenderer(executablePath: string, base: string): Renderer {
  const origin = new URL(base).origin;
  const prefix = prefixOf(base);
  let browser: Promise<Browser> | null = null;

  function open(): Promise<Browser> {
    if (!browser) {
      browser = chromium.launch({
        executablePath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      browser.then(
        (b) => b.on('disconnected', () => (browser = null)),
        () => (browser = null),
      );
    }
    return browser;
  }

  return {
    async pdf(url, html, paper) {
      const thermal = paper === '80mm';
      const context = await (await open()).newContext({
        javaScriptEnabled: false,
        viewport: { width: Math.round((thermal ? 80 : 210) * PX_PER_MM), height: 1000 },
      });
      try {
        const page = await context.newPage();
        if (prefix) {
          await page.route(
            (u) => u.origin === origin && !u.pathname.startsWith(`${prefix}/`),
            (route) => {
              const asked = new URL(route.request().url());
              return route.continue({ url: onBase(base, asked.pathname + asked.search) });
            },
          );
        }
        await page.route(url, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: html }),
        );
        await page.emulateMedia({ media: 'print' });
        await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        if (!thermal) return await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
        // A roll: the page is the roll's width and exactly as tall as the sheet, so it is one page.
        const height = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
        return await page.pdf({
          width: '80mm',
          height: `${height + 2}px`,
          margin: { top: '0', right: '0', bottom: '0', left: '0' },
          printBackground: true,
        });
      } finally {
        await context.close().catch(() => {});
      }
    },
    async close() {
      const b = browser;
      browser = null;
      if (b) await (await b).close().catch(() => {});
    },
  };
}
