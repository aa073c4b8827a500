/**
 * Pages go compressed when the browser takes it: brotli at quality 4 (a setting for answers made on the
 * fly), else gzip at level 6. `npm run bench` measured it on the shop's pages (docs/benchmarks.md, bytes on
 * the wire): 6.5 ms less per page on average on a 10 Mbit/s link to a branch for 0.1-0.15 ms of CPU
 * (a year of Caixa por período, 76 kB, goes as 10 kB: 53 ms less). Pages under one packet go as they
 * are: nothing to save there.
 */

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

const MIN_BYTES = 1400;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The page's body as the browser asked for it, with its Content-Encoding and Vary set. */
export function pageBody(req: Request, res: Response, html: string): string | Buffer {
  res.vary('Accept-Encoding');
  if (Buffer.byteLength(html) < MIN_BYTES) return html;
  // Brotli first whatever the order the browser lists them in (Chromium puts gzip first): smaller.
  if (req.acceptsEncodings('br') === 'br') {
    res.set('content-encoding', 'br');
    return brotliCompressSync(html, BROTLI);
  }
  if (req.acceptsEncodings('gzip') === 'gzip') {
    res.set('content-encoding', 'gzip');
    return gzipSync(html, { level: 6 });
  }
  return html;
}
