/**
 * The status link as a QR code: an SVG drawn on the server by `qrcode` (decision 020). Vector, so it
 * prints sharp at 300 dpi or any other; medium error correction survives a smudged ticket.
 */
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';

export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The codes drawn lately, by the text they hold. Drawing one costs about 1 ms of the web's CPU, and the
 * same order's link is drawn again on every view of its page and of each of its sheets; a link is the
 * same until it is renewed, which gives a new text. A few hundred are about a megabyte.
 */
const drawn = new LRUCache<string, string>({ max: 300 });

/** The SVG as a data: address for an <img> (the pages' CSP allows data: images, never inline markup). */
export async function qrDataUrl(text: string): Promise<string> {
  const kept = drawn.get(text);
  if (kept) return kept;
  const url = `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text)).toString('base64')}`;
  drawn.set(text, url);
  return url;
}
