/**
 * Compresses the static text assets once, at build: a brotli (.br) and a gzip (.gz) file beside each
 * script, stylesheet and SVG of public/build (the islands) and public/css, so the web serves them
 * compressed (express-static-gzip picks the one the browser accepts) at no CPU cost per request.
 * Run by `npm run build:islands`, after Vite.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const PUBLIC = new URL('../public/', import.meta.url).pathname;
const FOLDERS = ['build', 'css', 'img'];
const TEXT = new Set(['.js', '.css', '.svg', '.json']);
// Below this a compressed copy saves less than a network packet.
const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (TEXT.has(extname(entry.name))) yield path;
  }
}

let count = 0;
for (const folder of FOLDERS) {
  const dir = join(PUBLIC, folder);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
  for (const path of filesUnder(dir)) {
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    count++;
  }
}
console.log(`compressed ${count} static files (.br and .gz beside each)`);
