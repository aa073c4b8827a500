/**
 * The CPF, CNPJ and CEP masks of the client form in Chromium: an edit in the middle of a masked value
 * leaves the caret where the person is typing, so the next digit lands there and not at the end.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER } from '../support/api.ts';
import {
  expectNoProblems,
  launchBrowser,
  login,
  newPage,
  type RunningSystem,
  startSystem,
  type TestPage,
} from '../support/browser.ts';

/** The field's text and where its caret is. */
const state = (field: Locator) =>
  field.evaluate((el) => {
    const input = el as HTMLInputElement;
    return { value: input.value, caret: input.selectionStart };
  });

describe('the document masks while typing', () => {
  let system: RunningSystem;
  let browser: Browser;
  let page: TestPage;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startSystem(), launchBrowser()]);
    page = await newPage(browser, { javaScriptEnabled: true });
    await login(page, system.url, MANAGER.username, MANAGER.password);
  });
  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
    await system?.stop();
  });

  /** A fresh form with the masks in, and the field typed in from empty. */
  async function typed(label: string, text: string): Promise<Locator> {
    await page.goto(`${system.url}/cadastrar-cliente`);
    // The islands are in once Buscar CEP is a plain button (no form post).
    await expect
      .poll(() => page.getByRole('button', { name: 'Buscar CEP' }).getAttribute('type'))
      .toBe('button');
    const field = page.getByLabel(label, { exact: true });
    await field.click();
    await page.keyboard.type(text);
    return field;
  }

  /** Home, then → `right` times. */
  async function caretAt(right: number) {
    await page.keyboard.press('Home');
    for (let i = 0; i < right; i++) await page.keyboard.press('ArrowRight');
  }

  it('CPF: a digit deleted and another typed in the middle stay in the middle', async () => {
    const cpf = await typed('CPF', '52998224725');
    expect(await state(cpf)).toEqual({ value: '529.982.247-25', caret: 14 });
    await caretAt(5);
    await page.keyboard.press('Backspace');
    // The '9' after the dot is gone; the caret is after the same three digits.
    expect(await state(cpf)).toEqual({ value: '529.822.472-5', caret: 3 });
    await page.keyboard.type('7');
    expect(await state(cpf)).toEqual({ value: '529.782.247-25', caret: 5 });
    expectNoProblems(page, 'the CPF');
  });

  it('CPF: digits typed near the start go in one after another, across a dot', async () => {
    const cpf = await typed('CPF', '529982');
    expect(await state(cpf)).toEqual({ value: '529.982', caret: 7 });
    await caretAt(1);
    await page.keyboard.type('1');
    expect(await state(cpf)).toEqual({ value: '512.998.2', caret: 2 });
    await page.keyboard.type('34');
    expect(await state(cpf)).toEqual({ value: '513.429.982', caret: 5 });
  });

  it('CPF: Backspace right after a dot deletes the digit before it, Delete right before one the digit after', async () => {
    const cpf = await typed('CPF', '52998224725');
    await caretAt(4);
    await page.keyboard.press('Backspace');
    // The third digit is gone, not only the dot (which the mask would put straight back).
    expect(await state(cpf)).toEqual({ value: '529.822.472-5', caret: 2 });
    await caretAt(3);
    await page.keyboard.press('Delete');
    expect(await state(cpf)).toEqual({ value: '529.224.725', caret: 3 });
    await page.keyboard.type('9');
    expect(await state(cpf)).toEqual({ value: '529.922.472-5', caret: 5 });
  });

  it('CNPJ: a digit replaced in the middle', async () => {
    const cnpj = await typed('CNPJ', '11222333000181');
    expect(await state(cnpj)).toEqual({ value: '11.222.333/0001-81', caret: 18 });
    await caretAt(4);
    await page.keyboard.press('Backspace');
    expect(await state(cnpj)).toEqual({ value: '11.223.330/0018-1', caret: 2 });
    await page.keyboard.type('9');
    expect(await state(cnpj)).toEqual({ value: '11.922.333/0001-81', caret: 4 });
  });

  it('CEP: a digit replaced near the start, and typing at the end still goes to the end', async () => {
    const cep = await typed('CEP', '01310100');
    expect(await state(cep)).toEqual({ value: '01310-100', caret: 9 });
    await caretAt(2);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5');
    expect(await state(cep)).toEqual({ value: '05310-100', caret: 2 });
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('9');
    expect(await state(cep)).toEqual({ value: '05310-109', caret: 9 });
    expectNoProblems(page, 'the CEP');
  });
});
