/**
 * The shop's deployment files: docker-compose.yml passes `docker compose config` (or the older
 * `docker-compose config`) with a copy of .env.example as .env, and, whatever is installed, the file
 * parses as YAML and holds what docs/operations.md promises: four services with health checks, start order
 * by health, persistent Redis and PostgreSQL, only the web published, every variable in .env.example.
 * No Docker engine is needed (or used): `config` only reads files.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../runtime/paths.ts';
import { API_SECRETS, WEB_SECRETS } from '../../runtime/production-secrets.ts';
import { productionEnvOf } from '../bench/production-env.ts';

const read = (name: string) => readFileSync(join(PROJECT_ROOT, name), 'utf8');

type Healthcheck = { test: string[] | string; interval?: string };
type ComposeService = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: Healthcheck;
};
type Compose = { services: Record<string, ComposeService>; volumes: Record<string, unknown> };

const compose = parse(read('docker-compose.yml')) as Compose;
const envExample = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

/** The compose command of this machine: the plugin, else the standalone v1, else none. */
function composeCommand(): string[] | null {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version']).status === 0) return ['docker-compose'];
  return null;
}
const cli = composeCommand();
if (!cli) {
  console.warn(
    'compose: neither `docker compose` nor `docker-compose` is installed here; `config` is not run, ' +
      'docker-compose.yml is checked by a YAML parse and the checks below only.',
  );
}

describe('docker-compose.yml', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** `compose config` in a temp folder with docker-compose.yml and the given .env. */
  function composeConfig(env: string) {
    const dir = mkdtempSync(join(tmpdir(), 'bancada-compose-'));
    dirs.push(dir);
    copyFileSync(join(PROJECT_ROOT, 'docker-compose.yml'), join(dir, 'docker-compose.yml'));
    writeFileSync(join(dir, '.env'), env);
    const [bin, ...args] = cli as string[];
    return spawnSync(bin as string, [...args, 'config'], { cwd: dir, encoding: 'utf8' });
  }

  it.skipIf(!cli)('passes `compose config` with .env.example as .env', () => {
    const result = composeConfig(read('.env.example'));
    expect(result.stderr + result.stdout).not.toMatch(/error|invalid/i);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('service_healthy');
    expect(result.stdout).toContain(`SESSION_SECRET: ${envExample.SESSION_SECRET}`);
  });

  it.skipIf(!cli)('refuses to run without a secret', () => {
    const env = read('.env.example')
      .split('\n')
      .filter((l) => !l.startsWith('SESSION_SECRET='))
      .join('\n');
    const result = composeConfig(env);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('SESSION_SECRET');
  });

  it('runs web, api, redis and postgres, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'redis', 'web']);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test, name).toBeTruthy();
    }
    // The node services ask their own /healthz with Node's fetch (no curl in slim images).
    for (const name of ['web', 'api']) {
      expect(JSON.stringify(compose.services[name]?.healthcheck?.test)).toMatch(/fetch\(.*\/healthz/);
    }
    expect(compose.services.web?.command).toEqual(['web']);
    expect(compose.services.api?.command).toEqual(['api']);
  });

  it('starts in order of health: web after api and redis, api after postgres', () => {
    expect(compose.services.web?.depends_on).toEqual({
      api: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(compose.services.api?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('keeps Redis (append-only file) and PostgreSQL on volumes', () => {
    const redis = compose.services.redis;
    expect(redis?.command?.join(' ')).toContain('--appendonly yes');
    expect(redis?.volumes).toContain('redis-data:/data');
    expect(compose.services.postgres?.volumes?.[0]).toMatch(/^postgres-data:\/var\/lib\/postgresql\/data$/);
    expect(Object.keys(compose.volumes).sort()).toEqual(['postgres-data', 'redis-data']);
  });

  it('publishes only the web port', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'web') expect(service.ports).toHaveLength(1);
      else expect(service.ports, name).toBeUndefined();
    }
  });

  it('wires the services together and takes every secret and shop detail from .env', () => {
    const web = compose.services.web?.environment ?? {};
    const api = compose.services.api?.environment ?? {};
    expect(web.API_URL).toBe('http://api:3333');
    expect(web.REDIS_URL).toBe('redis://redis:6379');
    expect(api.API_HOST).toBe('0.0.0.0');
    expect(api.DATABASE_URL).toMatch(
      /^postgres:\/\/bancada:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/bancada$/,
    );
    // Every secret a service refuses to start without in production is one compose demands of .env.
    for (const name of WEB_SECRETS)
      expect(web[name], `web ${name}`).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    for (const name of API_SECRETS)
      expect(api[name], `api ${name}`).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    expect(web.TRUST_PROXY).toMatch(/^\$\{TRUST_PROXY/);
    for (const key of [
      'SHOP_NAME',
      'SHOP_PHONES',
      'SHOP_STREET',
      'SHOP_DISTRICT',
      'SHOP_CITY',
      'SHOP_STATE',
    ]) {
      expect(web[key], key).toMatch(new RegExp(`^\\$\\{${key}`));
    }
  });

  it("every variable of the operations guide's .env table reaches a service", () => {
    const guide = read('docs/operations.md');
    const table = guide.slice(guide.indexOf('### Configuration (`.env`)'));
    const rows = table
      .slice(0, table.indexOf('\n\n', table.indexOf('|')))
      .split('\n')
      .filter((l) => l.startsWith('| `'));
    const named = rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]),
    );
    expect(named).toContain('PUBLIC_URL');
    const file = read('docker-compose.yml');
    for (const name of named) expect(file, name).toContain(`\${${name}`);
  });

  it('.env.example sets every variable the compose file reads, secrets long enough to start', () => {
    const used = new Set([...read('docker-compose.yml').matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]));
    for (const name of used) expect(Object.keys(envExample), name).toContain(name);
    for (const name of [
      'SESSION_SECRET',
      'JWT_SECRET',
      'ADMIN_USERNAME',
      'ADMIN_PASSWORD',
      'POSTGRES_PASSWORD',
      'SHOP_TZ',
      'TRUST_PROXY',
    ]) {
      expect(envExample[name], name).toBeTruthy();
    }
    expect(envExample.SESSION_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(envExample.JWT_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(envExample.ADMIN_PASSWORD?.length).toBeGreaterThanOrEqual(8);
    expect(envExample.POSTGRES_PASSWORD).toMatch(/^[\w-]+$/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in stages on node:24-slim and ships production dependencies only, as a non-root user', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const image of stages) expect(image).toBe('node:24-slim');
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^USER node$/m);
    expect(final).toContain('COPY --from=build /app/dist ./dist');
    expect(final).toContain('COPY --from=build /app/public ./public');
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toMatch(/^HEALTHCHECK .*healthcheck/m);
  });

  it('caps the memory of both services in the stage they run from; compose keeps the caps, the bench reads them', () => {
    // Read from the last stage only, as the bench reads them (test/bench/production-env.ts).
    const env = productionEnvOf(dockerfile);
    expect(env.NODE_OPTIONS).toMatch(/(^| )--max-old-space-size=\d+( |$)/);
    expect(env.NODE_OPTIONS).toMatch(/(^| )--max-semi-space-size=\d+( |$)/);
    expect(env.MALLOC_ARENA_MAX).toMatch(/^\d+$/);
    expect(env.MALLOC_MMAP_THRESHOLD_).toMatch(/^\d+$/);
    for (const key of Object.keys(env)) {
      for (const name of ['web', 'api']) {
        expect(compose.services[name]?.environment?.[key], `${name} ${key}`).toBeUndefined();
      }
    }
  });

  it('has an entry point that runs web or api with exec and a node health check', () => {
    const entry = read('docker/entrypoint.sh');
    expect(spawnSync('sh', ['-n', join(PROJECT_ROOT, 'docker/entrypoint.sh')]).status).toBe(0);
    expect(entry).toContain('exec node dist/server/index.js');
    expect(entry).toContain('exec node dist/api/index.js');
    expect(entry).toMatch(/fetch\(`http:\/\/127\.0\.0\.1:\$\{port\}\/healthz`/);
  });

  it('.dockerignore keeps local installs, builds, data and secrets out of the image', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.env', '.git']) expect(ignored).toContain(entry);
    expect(ignored).toContain('!.env.example');
  });
});
