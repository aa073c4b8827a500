/**
 * The project root (the folder of package.json), found by walking up from this file, so `public/` and
 * `node_modules/` resolve the same from the sources (`runtime/`) and from the compiled `dist/runtime/`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
