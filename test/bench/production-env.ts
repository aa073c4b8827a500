/**
 * The memory settings the production image gives the api and the web: the `ENV NODE_OPTIONS=…` and
 * `ENV MALLOC_…=…` lines of the Dockerfile's last stage, read from the Dockerfile itself so that the
 * bench measures the processes as they run in a shop and cannot drift from it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The variables the image sets for memory: V8's flags and glibc's allocator tunables. */
const MEMORY_KEY = /^(NODE_OPTIONS|MALLOC_\w+)$/;

/** Each `ENV KEY=value` or `ENV KEY="value"` line of the last stage whose key is a memory setting. */
export function productionEnvOf(dockerfile: string): Record<string, string> {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, key, quoted, bare] of lastStage.matchAll(/^ENV (\w+)=(?:"([^"]*)"|(\S+))\s*$/gm)) {
    if (key && MEMORY_KEY.test(key)) env[key] = quoted ?? bare ?? '';
  }
  if (!env.NODE_OPTIONS)
    throw new Error('Dockerfile: no "ENV NODE_OPTIONS=…" line of its own in the last stage');
  return env;
}

export function productionEnv(root = join(import.meta.dirname, '..', '..')): Record<string, string> {
  return productionEnvOf(readFileSync(join(root, 'Dockerfile'), 'utf8'));
}
