/** The status link's QR code (decision 020): drawn once per link, then kept while the link is the same. */
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrDataUrl, qrSvg } from '../../server/client-side/qr.ts';

describe('qrDataUrl', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is the SVG of the link as a data: address', async () => {
    const link = 'http://192.168.0.10:3000/acompanhar/AbCdEfGhIjKlMnOpQrStUv';
    const url = await qrDataUrl(link);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString();
    expect(svg).toBe(await qrSvg(link));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
  });

  it('draws a link once: the same page viewed again reuses it, a renewed link gets its own', async () => {
    const draw = vi.spyOn(QRCode, 'toString');
    const link = 'http://loja.local/acompanhar/kept-link-aaaaaaaaaaaa';
    const first = await qrDataUrl(link);
    expect(await qrDataUrl(link)).toBe(first);
    expect(draw).toHaveBeenCalledTimes(1);
    const renewed = await qrDataUrl('http://loja.local/acompanhar/kept-link-bbbbbbbbbbbb');
    expect(renewed).not.toBe(first);
    expect(draw).toHaveBeenCalledTimes(2);
  });
});
