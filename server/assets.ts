/**
 * Static assets by URL: the stylesheet with a content hash for caching, and the islands Vite built
 * (read from its manifest once at start). A page asks for the islands it used and gets their scripts
 * and the chunks they import, nothing else.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../runtime/paths.ts';

export const PUBLIC_DIR = join(PROJECT_ROOT, 'public');
export const BUILD_DIR = join(PUBLIC_DIR, 'build');

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};

export type Assets = {
  stylesheet: string;
  printStylesheet: string;
  /** Script URLs and preloads for these islands, in a stable order. */
  islandScripts(names: Iterable<string>): { scripts: string[]; preloads: string[] };
  /** What a print sheet loads that no other page does: fetched ahead by pages that link to sheets. */
  sheetPrefetches: string[];
};

const warned = new Set<string>();
function warnOnce(message: string) {
  if (warned.has(message)) return;
  warned.add(message);
  process.emitWarning(message);
}

function hashOf(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 10);
}

/**
 * The .br/.gz copies of the stylesheets and images are made at build (scripts/compress-assets.mjs). One
 * older than its source (the source edited since) would be served in its place: drop it, and the plain
 * file is served until the next build.
 */
function dropStaleCompressedCopies(): void {
  for (const folder of ['css', 'img']) {
    const dir = join(PUBLIC_DIR, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const source = name.replace(/\.(br|gz)$/, '');
      if (source === name) continue;
      const sourcePath = join(dir, source);
      const sourceTime = statSync(sourcePath, { throwIfNoEntry: false })?.mtimeMs ?? Number.POSITIVE_INFINITY;
      if (statSync(join(dir, name)).mtimeMs < sourceTime) {
        rmSync(join(dir, name));
        warnOnce(
          `${folder}/${name} is older than ${source}: removed (npm run build:islands compresses again).`,
        );
      }
    }
  }
}

export function loadAssets(): Assets {
  dropStaleCompressedCopies();
  const stylesheet = `/static/css/app.css?v=${hashOf(join(PUBLIC_DIR, 'css', 'app.css'))}`;
  const printStylesheet = `/static/css/print.css?v=${hashOf(join(PUBLIC_DIR, 'css', 'print.css'))}`;
  const manifestPath = join(BUILD_DIR, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, 'utf8'))
    : {};
  const entries = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry && chunk.src?.startsWith('islands/')) entries.set(chunk.name ?? key, key);
  }

  function importsOf(key: string, seen: Set<string>) {
    for (const dep of manifest[key]?.imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      importsOf(dep, seen);
    }
  }

  function islandScripts(names: Iterable<string>) {
    const scripts: string[] = [];
    const deps = new Set<string>();
    for (const name of [...new Set(names)].sort()) {
      const key = entries.get(name);
      if (!key) {
        // Every page works without JavaScript: a missing build costs the islands, never the page.
        warnOnce(`Island "${name}" is not built (npm run build:islands): the page is served without it.`);
        continue;
      }
      scripts.push(`/build/${manifest[key]?.file}`);
      importsOf(key, deps);
    }
    return { scripts, preloads: [...deps].map((d) => `/build/${manifest[d]?.file}`) };
  }

  // The sheets' one island (print-templates/Document.tsx), when it is built; its warning, if not, comes
  // with the first sheet.
  const sheetIsland = entries.has('print-button') ? islandScripts(['print-button']) : null;
  return {
    stylesheet,
    printStylesheet,
    islandScripts,
    sheetPrefetches: [printStylesheet, ...(sheetIsland?.preloads ?? []), ...(sheetIsland?.scripts ?? [])],
  };
}
