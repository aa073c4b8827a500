/**
 * The counter's comforts in Chromium: multi-line texts keep their breaks on the pages and the sheets, the
 * keyboard reaches what it needs (focus after an error, after Selecionar, a visible focus ring), toasts
 * and the date picker stay where they can be seen, and Enter in the CEP field looks the CEP up.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, MANAGER } from '../support/api.ts';
import {
  expectNoProblems,
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  screenshot,
  startSystem,
  type TestPage,
} from '../support/browser.ts';
import { type CepStandIn, freshCep, maskedCep, startCepStandIn } from '../support/cep-server.ts';

/** What a person reads under a label of the page's details lists (innerText: the line breaks as drawn). */
async function drawn(page: Page, label: string, list = 'dl'): Promise<string[]> {
  return page.locator(`${list} > div`).evaluateAll(
    (divs, wanted) =>
      divs
        .filter((d) => d.querySelector('dt')?.textContent?.trim() === wanted)
        // biome-ignore lint/performance/useDomNodeTextContent: innerText is the text as drawn, breaks included
        .map((d) => (d.querySelector('dd') as HTMLElement | null)?.innerText ?? ''),
    label,
  );
}

/** The id of the element that has the keyboard focus ('' for none or <body>). */
/**
 * The focused element's id. Read with expect.poll: the browser moves the focus to an `autofocus` field
 * when it next renders, which on a loaded machine can come after the load event.
 */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Clicks (or presses) and waits for the next page to load. */
async function andLoad(page: Page, act: () => Promise<unknown>) {
  await Promise.all([page.waitForEvent('load'), act()]);
}

/** WCAG 2.x contrast ratio of two sRGB colours given as CSS rgb()/rgba() strings (alpha ignored). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element's ring (outline colour and width) and the background it is drawn on. */
async function ringOf(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    // The ring is drawn outside the element (positive offset) on its parent's background, or inside it
    // (negative offset) on its own.
    let node: Element | null = Number.parseFloat(style.outlineOffset) < 0 ? el : el.parentElement;
    let background = 'rgb(255, 255, 255)';
    for (; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(bg)) {
        background = bg;
        break;
      }
    }
    return {
      color: style.outlineColor,
      width: Number.parseFloat(style.outlineWidth),
      style: style.outlineStyle,
      background,
    };
  });
}

describe('comforts in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let viacep: CepStandIn;
  let brasil: CepStandIn;
  let token: string;
  let clientId: number;

  async function api<T = { id: number; number: string }>(method: string, path: string, body?: unknown) {
    const res = await apiCall<T>(system.api, method, path, token, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  beforeAll(async () => {
    [viacep, brasil, browser] = await Promise.all([
      startCepStandIn('viacep'),
      startCepStandIn('brasilapi'),
      launchBrowser(),
    ]);
    system = await startSystem({
      webEnv: {
        CEP_PROVIDER_URL: viacep.template,
        CEP_FALLBACK_URL: brasil.template,
        CEP_TIMEOUT_MS: '2000',
      },
    });
    token = (await apiLogin(system.api, MANAGER.username, MANAGER.password)).token;
    clientId = (await api('POST', '/clients', { name: 'Rosa Multilinha' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    await viacep?.stop();
    await brasil?.stop();
  });

  async function signedIn(javaScriptEnabled: boolean): Promise<TestPage> {
    const page = await newPage(browser, { javaScriptEnabled });
    await login(page, system.url, MANAGER.username, MANAGER.password);
    return page;
  }
  const clientCount = async () => ((await api<unknown[]>('GET', '/clients?filter=Enter')) ?? []).length;

  for (const js of [false, true]) {
    const how = js ? 'with JavaScript' : 'without JavaScript';

    it(`${how}: Enter in the CEP field looks the CEP up, saves nothing; Enter later saves, and Abrir O.S. opens with the client selected and the focus on 'Nome do produto'`, async () => {
      const cep = freshCep();
      const address = { street: 'Rua do Enter', neighborhood: 'Teclado', city: 'Curitiba', state: 'PR' };
      viacep.add(cep, address);
      brasil.add(cep, address);
      const name = `Enter ${js ? 'Com' : 'Sem'} Script`;
      const before = await clientCount();
      const page = await signedIn(js);
      try {
        await page.goto(`${system.url}/cadastrar-cliente`);
        const form = page.getByRole('form', { name: 'Cadastrar Cliente' });
        await form.getByLabel('Nome', { exact: true }).fill(name);
        await form.getByLabel('CEP', { exact: true }).fill(cep);
        if (js) {
          let loads = 0;
          page.on('load', () => loads++);
          await form.getByLabel('CEP', { exact: true }).press('Enter');
          await page.waitForFunction(
            () => (document.getElementById('f-city') as HTMLInputElement).value !== '',
          );
          expect(loads, 'no page load: the island looked it up').toBe(0);
          await expect.poll(() => focusedId(page)).toBe('f-number');
        } else {
          await andLoad(page, () => form.getByLabel('CEP', { exact: true }).press('Enter'));
          expect(new URL(page.url()).pathname).toBe('/cadastrar-cliente/salvar');
        }
        expect(await form.getByLabel('Rua', { exact: true }).inputValue()).toBe('Rua do Enter');
        expect(await form.getByLabel('Cidade', { exact: true }).inputValue()).toBe('Curitiba');
        expect(await form.getByLabel('CEP', { exact: true }).inputValue()).toBe(maskedCep(cep));
        expect(await form.getByLabel('Nome', { exact: true }).inputValue()).toBe(name);
        expect(await clientCount(), 'nothing saved by the lookup').toBe(before);

        // With the address there, Enter (in the CEP field too) saves.
        await form.getByLabel('Número', { exact: true }).fill('12');
        await Promise.all([
          page.waitForURL(/\/abrir-os-normal\?cliente=\d+$/),
          form.getByLabel(js ? 'Número' : 'CEP', { exact: true }).press('Enter'),
        ]);
        expect(await clientCount()).toBe(before + 1);
        expect(await page.locator('.selected-client').textContent()).toContain(name);
        await expect.poll(() => focusedId(page)).toBe('f-product_name');
        expectNoProblems(page, 'Cadastrar Cliente');
      } finally {
        await page.context().close();
      }
    });

    it(`${how}: after Selecionar the focus is on the product (or piece) name; after a refused save, on the first field in error`, async () => {
      const page = await signedIn(js);
      try {
        for (const [path, first] of [
          ['/abrir-os-normal', 'f-product_name'],
          ['/abrir-atendimento-externo', 'f-product_name'],
          ['/abrir-pedido', 'f-piece_name'],
        ] as const) {
          await page.goto(`${system.url}${path}`);
          await expect.poll(() => focusedId(page), { message: `${path}: the search first` }).toBe('f-busca');
          await page.keyboard.type('Rosa');
          await andLoad(page, () => page.keyboard.press('Enter'));
          await andLoad(page, () => page.getByRole('link', { name: 'Selecionar' }).first().click());
          await expect.poll(() => focusedId(page), { message: path }).toBe(first);
        }

        // Abrir Serviço Externo: a product name but a date that does not exist.
        await page.goto(`${system.url}/abrir-atendimento-externo?cliente=${clientId}`);
        const form = page.getByRole('form', { name: 'Abrir Serviço Externo' });
        await form.getByLabel('Nome do produto').fill('Geladeira');
        await form.getByLabel('Data', { exact: true }).fill('31/02/2026');
        await andLoad(page, () => form.getByRole('button', { name: 'Salvar' }).click());
        expect(await page.locator('#f-service_date-error').textContent()).toBeTruthy();
        await expect.poll(() => focusedId(page)).toBe('f-service_date');

        // Abrir O.S. with no product name: the focus is back on it, with its message.
        await page.goto(`${system.url}/abrir-os-normal?cliente=${clientId}`);
        await andLoad(page, () =>
          page.getByRole('form', { name: 'Abrir O.S.' }).getByRole('button', { name: 'Salvar' }).click(),
        );
        expect(await page.locator('#f-product_name-error').textContent()).toBe(
          'Nome do produto é obrigatório',
        );
        await expect.poll(() => focusedId(page)).toBe('f-product_name');
      } finally {
        await page.context().close();
      }
    });
  }

  it('the focus ring is at least 3:1 against what surrounds it: fields, buttons, the menu and its submenus', async () => {
    const page = await signedIn(true);
    try {
      await page.goto(`${system.url}/consulta`);
      const checks: { what: string; ring: Awaited<ReturnType<typeof ringOf>> }[] = [];
      await page.locator('#f-q').focus();
      checks.push({ what: 'search field', ring: await ringOf(page) });
      // :focus-visible follows the keyboard: reach the button by Tab from the field before it.
      await page.getByLabel('Tipo').focus();
      await page.keyboard.press('Tab');
      checks.push({ what: 'Buscar button', ring: await ringOf(page) });
      await page.getByRole('link', { name: 'Cadastrar cliente' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      checks.push({ what: 'menu link', ring: await ringOf(page) });
      await page.locator('.menu summary').first().click();
      await page.keyboard.press('Tab');
      checks.push({ what: 'submenu link', ring: await ringOf(page) });
      await screenshot(page, 'comforts-focus-ring-submenu');
      for (const { what, ring } of checks) {
        expect(ring.style, what).toBe('solid');
        expect(ring.width, what).toBeGreaterThanOrEqual(2);
        const ratio = contrast(ring.color, ring.background);
        expect(ratio, `${what}: ${ring.color} on ${ring.background}`).toBeGreaterThanOrEqual(3);
        // Against white as well wherever the ring sits on the page's white.
        if (ring.background === 'rgb(255, 255, 255)')
          expect(contrast(ring.color, 'rgb(255,255,255)')).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await page.context().close();
    }
  });

  it('with JavaScript: the success toast covers neither Editar nor the trash icon, and stays above an open dialog', async () => {
    const order = await api('POST', '/service-orders/normal', {
      client_id: clientId,
      product_name: 'Toca-discos',
    });
    const page = await signedIn(true);
    try {
      for (const width of [1280, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${system.url}/editar-os/${order.id}`);
        const form = page.getByRole('form', { name: `Editar O.S.: ${order.number}` });
        await andLoad(page, () => form.getByRole('button', { name: 'Salvar' }).click());
        expect(new URL(page.url()).pathname).toBe(`/os/${order.id}`);
        const toast = await page.locator('.toast').first().boundingBox();
        const edit = await page.getByRole('link', { name: 'Editar', exact: true }).boundingBox();
        const trash = await page.locator('.os-header-actions .trash').boundingBox();
        if (!toast || !edit || !trash) throw new Error('toast, Editar or trash not drawn');
        const overlaps = (a: typeof toast, b: typeof toast) =>
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlaps(toast, edit), `Editar under the toast at ${width}px`).toBe(false);
        expect(overlaps(toast, trash), `trash under the toast at ${width}px`).toBe(false);
        await screenshot(page, `comforts-toast-${width}`);
      }

      // A dialog opened while the toast shows: the toast is drawn above the backdrop.
      await page.goto(`${system.url}/editar-os/${order.id}`);
      await andLoad(page, () =>
        page
          .getByRole('form', { name: `Editar O.S.: ${order.number}` })
          .getByRole('button', { name: 'Salvar' })
          .click(),
      );
      await page.getByRole('button', { name: 'Cancelar O.S.' }).click();
      await page.waitForFunction(() => document.querySelector('dialog:modal') !== null);
      const box = await page.locator('.toast').first().boundingBox();
      if (!box) throw new Error('no toast');
      // Toasts take no pointer events (elementFromPoint passes through them): what puts the toast above
      // the backdrop is its being inside the modal dialog, in the browser's top layer.
      const inTopLayer = await page.evaluate(
        () => document.querySelector('.toast')?.closest('dialog')?.matches(':modal') === true,
      );
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      await screenshot(page, 'comforts-toast-over-dialog');
      expect(inTopLayer, 'the toast is inside the open modal dialog').toBe(true);
      // Closed, the dialog gives the toasts back to the page.
      await page.getByRole('button', { name: 'Voltar' }).click();
      // The dialog's close event moves them back: wait for it rather than read the instant after the click.
      await page
        .waitForFunction(() => !document.querySelector('.toasts')?.closest('dialog'), undefined, {
          timeout: 5_000,
        })
        .catch(() => {});
      expect(
        await page.evaluate(() => document.querySelector('.toasts')?.closest('dialog') ?? null),
      ).toBeNull();
      expectNoProblems(page, 'toasts');
    } finally {
      await page.context().close();
    }
  });

  it('a field error does not push its row neighbours out of line', async () => {
    const order = await api('POST', '/service-orders/normal', {
      client_id: clientId,
      product_name: 'Vitrola',
    });
    const page = await signedIn(false);
    try {
      await page.goto(`${system.url}/editar-os/${order.id}`);
      const form = page.getByRole('form', { name: `Editar O.S.: ${order.number}` });
      await form.getByLabel('Valor das peças').fill('abc');
      await andLoad(page, () => form.getByRole('button', { name: 'Salvar' }).click());
      expect(await page.locator('#f-fix_value_pieces-error').count()).toBe(1);
      const tops = await Promise.all(
        ['#f-fix_value_pieces', '#f-fix_value_labor', '#f-fix_value_final'].map(
          async (id) => (await page.locator(id).boundingBox())?.y,
        ),
      );
      await page.locator('#f-fix_value_pieces').scrollIntoViewIfNeeded();
      await screenshot(page, 'comforts-row-error');
      expect(tops[0]).toBeDefined();
      expect(new Set(tops).size, `input tops ${tops.join(', ')}`).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('line breaks of Acessórios, Defeito Reclamado and details are kept on the page and the sheets', async () => {
    const order = await api('POST', '/service-orders/normal', {
      client_id: clientId,
      product_name: 'Celular',
      product_accessories: 'Capinha\nCarregador',
      product_details: 'Não liga\nTela piscando',
    });
    await api('PUT', `/service-orders/normal/${order.id}`, {
      status: 104,
      product_name: 'Celular',
      product_accessories: 'Capinha\nCarregador',
      product_details: 'Não liga\nTela piscando',
      fix_description: 'Tela\nBateria',
      fix_value_final: 200,
      fix_payment_method: 'Pix',
    });
    const returned = await api('POST', '/service-orders/returned', {
      original_service_order_id: order.id,
      return_motive: 'Voltou a piscar\nSó à noite',
    });
    const page = await newPage(browser, { javaScriptEnabled: false });
    try {
      await login(page, system.url, MANAGER.username, MANAGER.password);
      await page.goto(`${system.url}/os/${order.id}`);
      expect(await drawn(page, 'Acessórios')).toEqual(['Capinha\nCarregador']);
      expect(await drawn(page, 'Defeito Reclamado')).toEqual(['Não liga\nTela piscando']);
      // SPEC §2: on the detail page the parts read joined by semicolons.
      expect(await drawn(page, 'Peças')).toEqual(['Tela; Bateria']);

      await page.goto(`${system.url}/os/${returned.id}`);
      expect(await drawn(page, 'Motivo do retorno')).toEqual(['Voltou a piscar\nSó à noite']);

      await page.goto(`${system.url}/os/${order.id}/imprimir`);
      // The shop's copy and the client's copy, each with its breaks.
      expect((await drawn(page, 'Acessórios', 'dl.ticket-rows')).slice(0, 2)).toEqual([
        'Capinha\nCarregador',
        'Capinha\nCarregador',
      ]);
      expect((await drawn(page, 'Defeito Reclamado', 'dl.ticket-rows'))[0]).toBe('Não liga\nTela piscando');

      await page.goto(`${system.url}/os/${order.id}/entrega`);
      expect(await drawn(page, 'Serviço realizado', 'dl.sheet-rows')).toEqual(['Tela\nBateria']);
    } finally {
      await page.context().close();
    }
  });
});
