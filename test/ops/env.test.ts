/**
 * Configuration read at start: a wrong SHOP_TZ, or an unsafe secret in production, stops each process with
 * one clear line naming the variable, not a 500 (or a forgeable cookie) later.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readApiEnv } from '../../api/env.ts';
import { API_SECRETS, EXAMPLE_PLACEHOLDERS, WEB_SECRETS } from '../../runtime/production-secrets.ts';
import { buildWeb } from '../../server/boot.ts';
import { readWebEnv } from '../../server/env.ts';

const SHOP_TZ_MESSAGE = 'SHOP_TZ: SHOP_TZ deve ser um fuso horário IANA, como America/Sao_Paulo';

describe.each([
  ['api', readApiEnv],
  ['web', readWebEnv],
] as const)('the %s reads SHOP_TZ', (_name, read) => {
  it('defaults to São Paulo and takes another IANA zone', () => {
    expect(read({}).SHOP_TZ).toBe('America/Sao_Paulo');
    expect(read({ SHOP_TZ: 'America/Manaus' }).SHOP_TZ).toBe('America/Manaus');
  });

  it.each(['Brasil/Recife', 'GMT-3 horas', ''])('refuses %j with the variable named', (tz) => {
    expect(() => read({ SHOP_TZ: tz })).toThrow(SHOP_TZ_MESSAGE);
  });
});

describe('the web says what is wrong in Portuguese, naming the variable', () => {
  it('an empty PUBLIC_URL (Compose passing a blank .env line) is no PUBLIC_URL; a wrong one is said', () => {
    expect(readWebEnv({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
    expect(readWebEnv({ PUBLIC_URL: 'https://loja.exemplo.com.br' }).PUBLIC_URL).toBe(
      'https://loja.exemplo.com.br',
    );
    expect(() => readWebEnv({ PUBLIC_URL: 'loja' })).toThrow(/PUBLIC_URL deve ser uma URL/);
  });

  it('a port that is no number, and a TRUST_PROXY Express would not take', () => {
    expect(() => readWebEnv({ PORT: 'abc' })).toThrow(/PORT: Entrada inválida/);
    expect(() => readWebEnv({ TRUST_PROXY: 'banana' })).toThrow(
      "TRUST_PROXY: use 'true', 'false', um número de saltos ou endereços/sub-redes separados por vírgula",
    );
    expect(() => readWebEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    for (const logo of [
      'https://cdn.exemplo.com/logo.png',
      '//cdn.exemplo.com/logo.png',
      'javascript:alert(1)',
    ]) {
      expect(() => readWebEnv({ SHOP_LOGO: logo }), logo).toThrow(
        'SHOP_LOGO: SHOP_LOGO deve ser um caminho da própria web, como /static/img/logo.png',
      );
    }
    expect(readWebEnv({ SHOP_LOGO: '/static/img/loja.png' }).SHOP_LOGO).toBe('/static/img/loja.png');
  });

  it('a SHOP_LOGO file that is not in public/ is said once at start; the default logo is not', async () => {
    const said = async (logo?: string) => {
      const lines: string[] = [];
      const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
      const web = await buildWeb(readWebEnv(logo ? { SHOP_LOGO: logo } : {}), log);
      await web.close();
      return lines.map((l) => JSON.parse(l).msg as string);
    };
    expect(await said('/static/img/minhaloja.png')).toContain(
      'SHOP_LOGO (/static/img/minhaloja.png) não existe em public/: as folhas impressas sairão sem o logo.',
    );
    expect((await said()).filter((m) => m.includes('SHOP_LOGO'))).toEqual([]);
  });

  it.each(['true', 'false', '1', 'loopback', '10.0.0.1', '10.0.0.0/8, loopback', '::1', 'fd00::/8'])(
    'TRUST_PROXY=%j is taken',
    (value) => {
      expect(readWebEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(value);
    },
  );
});

// ------------------------------------------------------------------------------------ production secrets

const ROOT = join(import.meta.dirname, '..', '..');
const envExample = Object.fromEntries(
  readFileSync(join(ROOT, '.env.example'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const SAFE = {
  SESSION_SECRET: 'c3f1e0a9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1',
  JWT_SECRET: '0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9',
  ADMIN_PASSWORD: 'uma-senha-de-verdade',
  WEB_API_SECRET: '9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0',
};
const CASES = [
  ['web', 'SESSION_SECRET', readWebEnv],
  ['api', 'JWT_SECRET', readApiEnv],
  ['api', 'ADMIN_PASSWORD', readApiEnv],
  ['web', 'WEB_API_SECRET', readWebEnv],
  ['api', 'WEB_API_SECRET', readApiEnv],
] as const;

describe('with NODE_ENV=production, an unsafe secret stops the service naming the variable', () => {
  it('the placeholders refused are the ones .env.example ships, for every secret checked', () => {
    expect(new Set([...WEB_SECRETS, ...API_SECRETS])).toEqual(new Set(Object.keys(EXAMPLE_PLACEHOLDERS)));
    for (const name of Object.keys(EXAMPLE_PLACEHOLDERS)) {
      expect(envExample[name], name).toBe(EXAMPLE_PLACEHOLDERS[name]);
    }
  });

  it.each(CASES)('the %s refuses %s missing, short or the example', (_kind, name, read) => {
    const production = { ...SAFE, NODE_ENV: 'production' };
    expect(() => read(production)).not.toThrow();
    expect(() => read({ ...production, [name]: undefined })).toThrow(
      `${name}: obrigatório em produção (NODE_ENV=production)`,
    );
    expect(() => read({ ...production, [name]: 'curta' })).toThrow(`${name} precisa de pelo menos`);
    expect(() => read({ ...production, [name]: envExample[name] })).toThrow(
      `${name}: ainda é o valor de exemplo do .env.example; troque por um segredo novo`,
    );
  });

  it.each(CASES)('the %s outside production still starts without %s (development)', (_kind, name, read) => {
    expect(() => read({ ...SAFE, [name]: undefined })).not.toThrow();
  });

  it.each([
    ['web', 'server/index.ts', 'SESSION_SECRET'],
    ['api', 'api/index.ts', 'JWT_SECRET'],
    ['web', 'server/index.ts', 'WEB_API_SECRET'],
    ['api', 'api/index.ts', 'WEB_API_SECRET'],
  ])('the %s process exits 1 at start with that line, before listening', async (_kind, entry, name) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, entry)], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        ...SAFE,
        [name]: envExample[name],
        // Nothing reached if the check failed to stop it: a port of its own and an in-memory database.
        PORT: '0',
        API_PORT: '0',
        DATA_DIR: join(ROOT, 'test-output', 'env-test-never-created'),
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${name}: ainda é o valor de exemplo do .env.example`);
    expect(run.stdout).not.toContain('listening');
  });
});
