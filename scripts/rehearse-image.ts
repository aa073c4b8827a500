/**
 * `npm run rehearse:image`: the production image, built and run without a container engine.
 *
 * A fresh clone of HEAD in a temporary folder is the build context (.dockerignore applied). The
 * Dockerfile is followed as written (scripts/dockerfile.ts refuses any instruction it cannot follow):
 * each stage gets a folder of its own standing for its filesystem root, its WORKDIR, ENV, COPY (from the
 * context or --from an earlier stage) and RUN lines run in order, with absolute paths of RUN lines mapped
 * into that folder. The final stage's folder is then the image: its entrypoint starts the api and the
 * web (APP_DIR points it at the folder's /app) with the final stage's ENV (NODE_OPTIONS heap caps,
 * MALLOC_*), against PostgreSQL (a schema of its own) and a Redis of its own; the HEALTHCHECK command
 * runs for both; Chromium drives one real flow. Any failure exits 1.
 *
 * Not rehearsed, and why: the base image (`node:24-slim` cannot be pulled here; the project's `node`
 * dev dependency, Node 24, runs everything, first on PATH, and its major must match the FROM tag), and
 * USER (everything runs as the current user; `chown` in RUN lines only checks its path exists).
 *
 *   npm run rehearse:image                              # the real Dockerfile
 *   npm run rehearse:image -- --leave-out ./public      # the final stage without that COPY: must fail
 *   npm run rehearse:image -- --keep                    # keep the temporary folder to look at
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { freePort, ownRedis } from '../test/support/processes.ts';
import { dockerIgnore, type Instruction, parseDockerfile, type Stage } from './dockerfile.ts';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const leaveOut = args.includes('--leave-out') ? args[args.indexOf('--leave-out') + 1] : undefined;
const keep = args.includes('--keep');
const started = Date.now();
const NODE_DIR = dirname(process.execPath);

function step(text: string): void {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${text}`);
}

class RehearsalFailed extends Error {}
function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new RehearsalFailed(what);
}

// ------------------------------------------------------------------------------------------ the build

type BuiltStage = { stage: Stage; root: string; workdir: string; env: Record<string, string> };

/** A path inside the image, mapped into the folder standing for that stage's root. */
const inRoot = (root: string, path: string) => join(root, path);

function copyInto(
  source: string,
  dest: string,
  destIsDir: boolean,
  skip?: (rel: string) => boolean,
): string[] {
  const written: string[] = [];
  if (statSync(source).isDirectory()) {
    // COPY of a folder copies its contents into dest.
    mkdirSync(dest, { recursive: true });
    for (const entry of readdirSync(source, { recursive: true, withFileTypes: false }) as string[]) {
      if (skip?.(entry)) continue;
      const from = join(source, entry);
      const to = join(dest, entry);
      if (statSync(from).isDirectory()) mkdirSync(to, { recursive: true });
      else {
        mkdirSync(dirname(to), { recursive: true });
        cpSync(from, to);
        written.push(to);
      }
    }
    return written;
  }
  const to = destIsDir ? join(dest, source.split('/').at(-1) as string) : dest;
  mkdirSync(dirname(to), { recursive: true });
  cpSync(source, to);
  return [to];
}

/** How this machine reaches the network (proxies, certificates): what a build host gives `docker build`. */
function machineNetworkEnv(): Record<string, string> {
  const names = /^(https?_proxy|no_proxy|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR)$/i;
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => names.test(e[0]) && e[1] !== undefined),
  );
}

/** A `chown` for RUN lines: everything runs as one user here, so it checks that its paths exist. */
function shims(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const chown = join(dir, 'chown');
  writeFileSync(
    chown,
    '#!/bin/sh\n# Rehearsal: no other users here; the path must exist.\nshift\nfor p in "$@"; do case "$p" in -*) ;; *) test -e "$p" || { echo "chown: $p does not exist" >&2; exit 1; } ;; esac; done\n',
  );
  chmodSync(chown, 0o755);
  return dir;
}

function buildStages(stages: Stage[], context: string, work: string): BuiltStage {
  const ignored = dockerIgnore(
    existsSync(join(context, '.dockerignore')) ? readFileSync(join(context, '.dockerignore'), 'utf8') : '',
  );
  const built = new Map<string, BuiltStage>();
  const shimDir = shims(join(work, 'shims'));
  let last: BuiltStage | null = null;
  stages.forEach((stage, index) => {
    const major = /^node:(\d+)(-|$)/.exec(stage.image)?.[1];
    check(
      major,
      `stage ${index + 1}: FROM ${stage.image} is not a node image the rehearsal can stand in for`,
    );
    check(
      process.versions.node.split('.')[0] === major,
      `FROM ${stage.image} but this Node is ${process.versions.node}: run through npm so the project's Node ${major} is used`,
    );
    const root = join(work, `stage-${index + 1}${stage.name ? `-${stage.name}` : ''}`);
    mkdirSync(join(root, 'root'), { recursive: true });
    const self: BuiltStage = { stage, root, workdir: '/', env: {} };
    for (const ins of stage.instructions) follow(self, ins, { context, ignored, built, shimDir, work });
    if (stage.name) built.set(stage.name, self);
    built.set(String(index), self);
    last = self;
  });
  return last as unknown as BuiltStage;
}

function follow(
  self: BuiltStage,
  ins: Instruction,
  ctx: {
    context: string;
    ignored: (p: string) => boolean;
    built: Map<string, BuiltStage>;
    shimDir: string;
    work: string;
  },
): void {
  const label = `${self.stage.name ?? 'final'} line ${ins.line}`;
  switch (ins.op) {
    case 'WORKDIR':
      check(ins.path.startsWith('/'), `${label}: WORKDIR must be absolute`);
      self.workdir = ins.path;
      mkdirSync(inRoot(self.root, ins.path), { recursive: true });
      return;
    case 'ENV':
      for (const [k, v] of Object.entries(ins.vars)) {
        check(!v.includes('$'), `${label}: ENV ${k} refers to another variable; not followed`);
        self.env[k] = v;
      }
      return;
    case 'COPY': {
      const destPath = ins.dest.startsWith('/') ? ins.dest : join(self.workdir, ins.dest);
      const dest = inRoot(self.root, destPath);
      const destIsDir = ins.dest.endsWith('/') || ins.sources.length > 1 || ins.dest === '.';
      const written: string[] = [];
      for (const src of ins.sources) {
        check(!/[*?[]/.test(src), `${label}: wildcards in COPY are not followed`);
        if (ins.from) {
          const from = ctx.built.get(ins.from);
          check(from, `${label}: COPY --from=${ins.from}: no such earlier stage`);
          const source = inRoot(from.root, src.startsWith('/') ? src : join('/', src));
          check(existsSync(source), `${label}: COPY --from=${ins.from} ${src}: not in that stage`);
          written.push(...copyInto(source, dest, destIsDir));
        } else {
          const rel = relative('.', src) || '.';
          check(rel === '.' || !ctx.ignored(rel), `${label}: COPY ${src}: left out by .dockerignore`);
          const source = join(ctx.context, rel);
          check(existsSync(source), `${label}: COPY ${src}: not in the build context`);
          written.push(
            ...copyInto(source, dest, destIsDir, (p) => ctx.ignored(rel === '.' ? p : join(rel, p))),
          );
        }
      }
      if (ins.chmod) for (const f of written) chmodSync(f, Number.parseInt(ins.chmod, 8));
      step(
        `  ${label}: COPY ${ins.from ? `--from=${ins.from} ` : ''}${ins.sources.join(' ')} ${ins.dest} (${written.length} files)`,
      );
      return;
    }
    case 'RUN': {
      // Absolute paths of the line are paths of the image: mapped into this stage's folder.
      const command = ins.command.replace(
        /(^|\s)(\/[A-Za-z0-9_./-]*)/g,
        (_m, pre: string, p: string) => `${pre}${inRoot(self.root, p)}`,
      );
      step(`  ${label}: RUN ${ins.command}`);
      const run = spawnSync('sh', ['-c', command], {
        cwd: inRoot(self.root, self.workdir),
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        env: {
          PATH: `${ctx.shimDir}:${NODE_DIR}:/usr/local/bin:/usr/bin:/bin`,
          HOME: inRoot(self.root, '/root'),
          // One npm cache for the stages of this rehearsal (a build host's cache): the second install
          // reads what the first downloaded. The deps stage's `npm cache clean` empties it, as in the image.
          npm_config_cache: join(ctx.work, 'npm-cache'),
          npm_config_update_notifier: 'false',
          // The machine's own way to the registry (its npm config file, proxies, certificates).
          npm_config_userconfig: join(homedir(), '.npmrc'),
          ...machineNetworkEnv(),
          ...self.env,
        },
      });
      if (run.status !== 0) {
        throw new RehearsalFailed(
          `${label}: RUN ${ins.command} exited ${run.status}\n${run.stdout}\n${run.stderr}`,
        );
      }
      return;
    }
    case 'USER':
    case 'EXPOSE':
    case 'HEALTHCHECK':
    case 'ENTRYPOINT':
    case 'CMD':
      return; // read from the final stage when the image runs
  }
}

// -------------------------------------------------------------------------------------------- running

type Running = { name: string; stop: () => Promise<number | null>; out: () => string };

function final<T extends Instruction['op']>(
  stage: Stage,
  op: T,
): Extract<Instruction, { op: T }> | undefined {
  return stage.instructions.filter((i) => i.op === op).at(-1) as Extract<Instruction, { op: T }> | undefined;
}

async function startService(
  name: string,
  argv: string[],
  env: Record<string, string>,
  listening: string,
): Promise<Running> {
  const [cmd, ...rest] = argv as [string, ...string[]];
  const proc = spawn(cmd, rest, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  proc.stderr.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const until = Date.now() + 60_000;
  while (!out.includes(`"msg":"${listening}"`)) {
    if (proc.exitCode !== null || Date.now() > until) {
      proc.kill('SIGKILL');
      throw new RehearsalFailed(`${name} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    out: () => out,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}

function healthcheck(command: string[], env: Record<string, string>): number | null {
  const [cmd, ...rest] = command as [string, ...string[]];
  return spawnSync(cmd, rest, { env, timeout: 10_000, stdio: 'inherit' }).status;
}

// ------------------------------------------------------------------------------------------ the flow

async function toasts(page: Page): Promise<string[]> {
  return (await page.locator('.toast').allTextContents()).map((t) => t.trim());
}

async function submit(page: Page, click: () => Promise<void>, url?: RegExp | string): Promise<void> {
  await Promise.all([url ? page.waitForURL(url) : page.waitForEvent('load'), click()]);
}

async function shopFlow(webUrl: string, manager: { username: string; password: string }): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

    await page.goto(`${webUrl}/`);
    await page.getByLabel('Usuário', { exact: true }).fill(manager.username);
    await page.getByLabel('Senha', { exact: true }).fill(manager.password);
    await submit(
      page,
      () => page.getByRole('button', { name: 'Entrar', exact: true }).click(),
      `${webUrl}/consulta`,
    );
    step('  signed in');

    await page.goto(`${webUrl}/cadastrar-cliente`);
    await page.getByLabel('Nome', { exact: true }).fill('Cliente do Ensaio da Imagem');
    await page.getByLabel('Telefone 1', { exact: true }).fill('(11) 98888-7777');
    await submit(page, () => page.getByRole('button', { name: 'Salvar' }).click(), /\/abrir-os-normal/);
    check((await toasts(page)).includes('Cliente cadastrado com sucesso!'), `client: ${await toasts(page)}`);
    step('  client registered');

    // Abrir O.S. opens with the new client chosen (?cliente=); else it is searched and selected.
    if (!page.url().includes('cliente=')) {
      const search = page.getByRole('form', { name: 'Buscar cliente' });
      await search.getByLabel('Buscar cliente (nome, CPF ou CNPJ)').fill('Ensaio da Imagem');
      await submit(page, () => search.getByRole('button', { name: 'Buscar' }).click(), /busca=/);
      const row = page.locator('.client-picker li').filter({ hasText: 'Cliente do Ensaio da Imagem' });
      await submit(page, () => row.getByRole('link', { name: 'Selecionar' }).click(), /cliente=/);
    }
    const open = page.getByRole('form', { name: 'Abrir O.S.' });
    await open.getByLabel('Nome do produto').fill('Televisor');
    await open.getByLabel('Defeito Reclamado').fill('Não liga');
    await submit(page, () => open.getByRole('button', { name: 'Salvar' }).click(), /\/os\/\d+$/);
    check((await toasts(page)).includes('O.S. Cadastrada com sucesso!'), `O.S.: ${await toasts(page)}`);
    const osPath = new URL(page.url()).pathname;
    const number = ((await page.locator('h1').first().textContent()) ?? '').replace(/^O\.S\. /, '').trim();
    check(/^M\d{5}$/.test(number), `O.S. number: ${number}`);
    step(`  O.S. ${number} opened`);

    const upfront = page.getByRole('dialog', { name: 'Pagamento antecipado' });
    await page.getByRole('button', { name: 'Pagamento antecipado' }).click();
    await upfront.waitFor({ state: 'visible' });
    await upfront.getByLabel('Descrição').fill('Sinal do ensaio');
    await upfront.getByLabel('Valor').fill('120,00');
    await upfront.getByLabel('Forma de pagamento').selectOption('Dinheiro');
    await submit(page, () => upfront.getByRole('button', { name: 'Enviar' }).click(), `${webUrl}${osPath}`);
    check(
      (await toasts(page)).includes('Pagamento antecipado enviado ao caixa!'),
      `upfront: ${await toasts(page)}`,
    );
    step('  upfront payment taken');

    await submit(page, () => page.getByRole('link', { name: 'Editar' }).click(), /\/editar-os\//);
    const edit = page.getByRole('form', { name: `Editar O.S.: ${number}` });
    await edit.getByLabel('Status').selectOption({ label: 'Consertada' });
    await edit.getByLabel('Valor final').fill('350,00');
    await edit.getByLabel('Forma de pagamento').selectOption('Pix');
    await submit(page, () => edit.getByRole('button', { name: 'Salvar' }).click(), `${webUrl}${osPath}`);
    await page.getByRole('button', { name: 'Finalizar e Enviar para o caixa' }).click();
    const confirm = page.getByRole('dialog', { name: 'Finalizar e Enviar para o caixa' });
    await confirm.waitFor({ state: 'visible' });
    await submit(page, () => confirm.getByRole('button', { name: 'Confirmar e enviar ao caixa' }).click());
    check(
      (await toasts(page)).includes('O.S. enviada ao caixa com sucesso!'),
      `finish: ${await toasts(page)}`,
    );
    step('  sent to the cash');

    await page.goto(`${webUrl}${osPath}/imprimir`);
    await submit(page, () => page.getByRole('button', { name: 'Gerar link para a impressora' }).click());
    const link = await page.locator('.print-link a').getAttribute('href');
    check(link?.includes('/impressao/'), `print link: ${link}`);
    const stranger = await browser.newContext(); // the print server: no session, no cookie
    const sheet = await stranger.newPage();
    const res = await sheet.goto(new URL(link ?? '', webUrl).href);
    check(res?.status() === 200, `print link answered ${res?.status()}`);
    check((await sheet.content()).includes(number), 'the print sheet does not show the O.S. number');
    await stranger.close();
    step('  print sheet opened through its link, without a session');

    await page.goto(`${webUrl}/caixa-hoje`);
    const unlock = page.getByRole('dialog', { name: 'Acessar Caixa' });
    await unlock.waitFor({ state: 'visible' });
    await unlock.getByLabel('Usuário').fill(manager.username);
    await unlock.getByLabel('Senha').fill(manager.password);
    await submit(page, () => unlock.getByRole('button', { name: 'Entrar' }).click(), `${webUrl}/caixa-hoje`);
    const cash = (await page.locator('main').textContent()) ?? '';
    check(cash.includes('Caixa do dia'), 'Caixa do dia did not open');
    check(
      cash.includes('PAGAMENTO ADIANTADO') && cash.includes('O.S. FINALIZADA'),
      'the entries are not in Caixa do dia',
    );
    check(
      cash.includes(number) && cash.includes('R$ 120,00'),
      'Caixa do dia does not show the O.S. and its payment',
    );
    step('  entries seen in Caixa do dia');

    await submit(
      page,
      () => page.getByRole('link', { name: 'Configurações' }).click(),
      `${webUrl}/configuracoes`,
    );
    await submit(page, () => page.getByRole('button', { name: 'Sair', exact: true }).click(), `${webUrl}/`);
    await page.goto(`${webUrl}/consulta`);
    check(new URL(page.url()).pathname === '/', 'after Sair /consulta did not go back to the login');
    check(pageErrors.length === 0, `errors in the pages: ${pageErrors.join('; ')}`);
    step('  signed out');
  } finally {
    await browser.close();
  }
}

// ----------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bancada-rehearsal-'));
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `rehearsal_${randomBytes(5).toString('hex')}`;
  const services: Running[] = [];
  let redis: Awaited<ReturnType<typeof ownRedis>> | null = null;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    if (execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim()) {
      step('note: uncommitted changes are not rehearsed (a fresh clone of HEAD is)');
    }
    const context = join(work, 'context');
    execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, context]);
    execFileSync('git', ['-C', context, 'checkout', '--quiet', '--detach', head]);
    rmSync(join(context, '.git'), { recursive: true, force: true });
    step(`fresh clone of ${head.slice(0, 12)} in ${context}`);

    const stages = parseDockerfile(readFileSync(join(context, 'Dockerfile'), 'utf8'));
    const image = stages.at(-1) as Stage;
    if (leaveOut) {
      const at = image.instructions.findIndex(
        (i) => i.op === 'COPY' && (i.dest === leaveOut || i.sources.includes(leaveOut)),
      );
      check(at >= 0, `--leave-out ${leaveOut}: no COPY of the final stage has that source or destination`);
      const [gone] = image.instructions.splice(at, 1);
      step(`MUTATED: the final stage's COPY of line ${gone?.line} is left out; this rehearsal must fail`);
    }
    step(
      `Dockerfile: ${stages.length} stages (${stages.map((s) => s.name ?? 'final').join(', ')}); Node ${process.versions.node} at ${process.execPath}`,
    );
    const built = buildStages(stages, context, join(work, 'stages'));

    // The image: the final stage's ENV, its entrypoint on PATH, /app and /data inside its folder.
    const entrypoint = final(image, 'ENTRYPOINT')?.command;
    const cmd = final(image, 'CMD')?.command ?? [];
    const health = final(image, 'HEALTHCHECK')?.command;
    check(entrypoint && health, 'the final stage has no ENTRYPOINT or HEALTHCHECK');
    const imageEnv = { ...built.env };
    for (const [k, v] of Object.entries(imageEnv)) if (v.startsWith('/')) imageEnv[k] = inRoot(built.root, v);
    const base: Record<string, string> = {
      ...imageEnv,
      PATH: `${inRoot(built.root, '/usr/local/bin')}:${NODE_DIR}:/usr/bin:/bin`,
      HOME: inRoot(built.root, '/home/node'),
      APP_DIR: inRoot(built.root, built.workdir),
    };
    const nodeVersion = execFileSync('sh', ['-c', 'node --version'], { env: base, encoding: 'utf8' }).trim();
    step(
      `the image's env: NODE_OPTIONS="${base.NODE_OPTIONS}" MALLOC_ARENA_MAX=${base.MALLOC_ARENA_MAX} MALLOC_MMAP_THRESHOLD_=${base.MALLOC_MMAP_THRESHOLD_}; node on PATH ${nodeVersion}`,
    );

    redis = await ownRedis();
    const secrets = {
      jwt: randomBytes(32).toString('hex'),
      session: randomBytes(32).toString('hex'),
      webApi: randomBytes(32).toString('hex'),
      admin: { username: 'gerente', password: randomBytes(12).toString('hex') },
    };
    const [apiPort, webPort, closedPort] = [await freePort(), await freePort(), await freePort()];
    const apiEnv = {
      ...base,
      API_PORT: String(apiPort),
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      JWT_SECRET: secrets.jwt,
      WEB_API_SECRET: secrets.webApi,
      ADMIN_USERNAME: secrets.admin.username,
      ADMIN_PASSWORD: secrets.admin.password,
    };
    const api = await startService('api', [...entrypoint, 'api'], apiEnv, 'api listening');
    services.push(api);
    step(`api started through ${entrypoint.join(' ')} api (PostgreSQL schema ${schema})`);
    const webEnv = {
      ...base,
      PORT: String(webPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      REDIS_URL: redis.url,
      SESSION_SECRET: secrets.session,
      WEB_API_SECRET: secrets.webApi,
      SHOP_NAME: 'Assistência do Ensaio',
      CEP_PROVIDER_URL: 'http://127.0.0.1:9/ws/{cep}/json/',
      CEP_FALLBACK_URL: '',
    };
    const web = await startService('web', [...entrypoint, ...cmd], webEnv, 'web listening');
    services.push(web);
    step(`web started through ${[...entrypoint, ...cmd].join(' ')} (its own Redis at ${redis.url})`);

    // Each container runs one service: the other port of the check refuses at once.
    const apiHealth = { ...apiEnv, PORT: String(closedPort) };
    const webHealth = { ...webEnv, API_PORT: String(closedPort) };
    check(healthcheck(health, apiHealth) === 0, 'HEALTHCHECK failed for the api');
    check(healthcheck(health, webHealth) === 0, 'HEALTHCHECK failed for the web');
    step(`HEALTHCHECK ${health.join(' ')}: healthy for both`);

    await shopFlow(`http://127.0.0.1:${webPort}`, secrets.admin);

    for (const s of services.splice(0).reverse()) {
      const code = await s.stop();
      check(code === 0, `${s.name} did not stop cleanly on SIGTERM (exit ${code}):\n${s.out().slice(-2000)}`);
    }
    check(healthcheck(health, webHealth) === 1, 'HEALTHCHECK still healthy with the web stopped');
    step('both stopped on SIGTERM with exit 0; the HEALTHCHECK then reports unhealthy');
    step(`REHEARSAL PASSED in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const s of services.reverse()) await s.stop();
    await redis?.stop();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect().then(
      async () => {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      },
      () => {},
    );
    if (keep) step(`kept ${work}`);
    else {
      // Two installs are tens of thousands of files: removed in the background, not waited for.
      spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
      step(`removing ${work} in the background`);
    }
  }
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error(`\nREHEARSAL FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
