/** Builds each file of islands/ into its own hashed entry; shared code (Preact) becomes one chunk. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const islandsDir = join(import.meta.dirname, 'islands');
const entries = Object.fromEntries(
  readdirSync(islandsDir)
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => [f.replace(/\.tsx?$/, ''), join(islandsDir, f)]),
);

export default defineConfig({
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false })],
  base: '/build/',
  publicDir: false,
  build: {
    outDir: 'public/build',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: { input: entries },
  },
});
