/**
 * The status link in Chromium (decision 020): the QR code on the order page, drawn as pixels, decodes
 * (jsqr) to the link shown beside it; the link opens the client's page on a small phone without a cookie,
 * without horizontal scrolling and with the status in words; after "Revogar" the old link is a 404.
 */
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import {
  expectNoProblems,
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  startSystem,
} from '../support/browser.ts';

// jsqr is CommonJS whose typings declare a default export: load it as Node does.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof import('jsqr').default;

describe('status links in the browser', () => {
  let system: RunningSystem;
  let browser: Browser;
  let orderId: number;

  beforeAll(async () => {
    system = await startSystem({ webEnv: { SHOP_NAME: 'Loja do Teste' } });
    browser = await launchBrowser();
    const token = (await apiLogin(system.api, MANAGER.username, MANAGER.password)).token;
    const client = await apiCall<{ id: number }>(system.api, 'POST', '/clients', token, {
      name: 'Cliente do QR',
      phone1: '(11) 91234-5678',
    });
    const so = await apiCall<{ id: number }>(system.api, 'POST', '/service-orders/normal', token, {
      client_id: client.body.id,
      product_name: 'Notebook',
      product_model: 'T480',
    });
    orderId = so.body.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('the QR code decodes to the link, which opens the client page on a phone; renewing kills it', async () => {
    const page = await newPage(browser, { javaScriptEnabled: true });
    await login(page, system.url, MANAGER.username, MANAGER.password);
    await page.goto(`${system.url}/os/${orderId}`);
    const link = await page.getByRole('link', { name: /\/acompanhar\// }).getAttribute('href');
    expect(link).toMatch(new RegExp(`^${system.url}/acompanhar/[A-Za-z0-9_-]{22}$`));
    // Opened as 127.0.0.1 without PUBLIC_URL: the page says a client's phone cannot reach the link.
    await expect(
      page.getByText('Este link só abre neste computador', { exact: false }).count(),
    ).resolves.toBe(1);

    // The SVG drawn to pixels at four times its size, as a printer at 300 dpi would see it.
    const pixels = await page
      .getByRole('img', { name: 'QR code do link de acompanhamento' })
      .evaluate(async (node) => {
        const img = node as HTMLImageElement;
        await img.decode();
        const size = img.width * 4;
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, size, size);
        ctx.drawImage(img, 0, 0, size, size);
        return { size, data: Array.from(ctx.getImageData(0, 0, size, size).data) };
      });
    const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.size, pixels.size);
    expect(decoded?.data).toBe(link);
    expectNoProblems(page, 'order page');

    // The client's page on a small phone, in a context of its own: no session, no cookie.
    const phone = await browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'pt-BR' });
    const client = await phone.newPage();
    const answer = await client.goto(link ?? '');
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(client.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /^O\.S\. [MF]\d{5}$/,
    );
    await expect(client.getByText('Seu aparelho está aguardando orçamento.').count()).resolves.toBe(1);
    const overflow = await client.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await phone.cookies()).toEqual([]);

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Revogar e gerar novo link' }).click(),
    ]);
    await page.waitForURL(`${system.url}/os/${orderId}`);
    const fresh = await page.getByRole('link', { name: /\/acompanhar\// }).getAttribute('href');
    expect(fresh).not.toBe(link);
    const dead = await client.goto(link ?? '');
    expect(dead?.status()).toBe(404);
    await expect(client.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Link não encontrado',
    );
    await phone.close();
  });
});
