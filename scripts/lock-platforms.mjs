/**
 * Keeps package-lock.json installable with `npm ci` on every platform the image or a developer may use.
 *
 * Biome ships its binary as one optional package per platform. Where the registry in use lacks some of
 * them, `npm install` leaves those out of the lock file, and `npm ci` then refuses the lock as out of step
 * with package.json. This adds each missing platform package as an os/cpu-marked optional entry, which
 * `npm ci` skips on any other platform. Run it after adding or upgrading a dependency:
 * `npm run lock:platforms`.
 */
import fs from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
const biome = packages['node_modules/@biomejs/biome'];
let added = 0;

for (const [name, version] of Object.entries(biome?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (packages[key]?.version === version) continue;
  const platform = name.match(/cli-(android|darwin|linux|win32)-(arm64|x64)(-musl)?$/);
  if (!platform) continue;
  const [, os, cpu, musl] = platform;
  packages[key] = {
    version,
    cpu: [cpu],
    dev: true,
    ...(os === 'linux' ? { libc: [musl ? 'musl' : 'glibc'] } : {}),
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    engines: { node: '>=14.21.3' },
  };
  added++;
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
lock.packages = sorted;
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
