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
/** A PDF page is at most 200 inches tall: a sheet longer than that (5 m of roll) goes on in pages. */
const MAX_ROLL_PX = 200 * 96;

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
        // A roll: one page, the roll's width and exactly as tall as the sheet's content. The document's
        // own height is never less than the viewport's, so the content is measured instead; and the
        // sheet's `@page thermal` (80 × 297 mm, for a browser's print dialog) would lay it out on 297 mm
        // pages shrunk onto the paper, so this print sets the page's size itself.
        const content = await page.evaluate(() => {
          let bottom = 0;
          for (const el of Array.from(document.body.children)) {
            const box = el.getBoundingClientRect();
            if (box.width === 0 && box.height === 0) continue;
            bottom = Math.max(
              bottom,
              box.bottom + window.scrollY + (Number.parseFloat(getComputedStyle(el).marginBottom) || 0),
            );
          }
          return Math.ceil(bottom);
        });
        const height = `${Math.min(content + 2, MAX_ROLL_PX)}px`;
        await page.evaluate((css) => {
          const style = document.createElement('style');
          style.textContent = css;
          document.head.append(style);
        }, `@page { size: 80mm ${height}; margin: 0 } @page thermal { size: 80mm ${height}; margin: 0 }`);
        return await page.pdf({
          width: '80mm',
          height,
          preferCSSPageSize: true,
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
