/**
 * The Dockerfile as the image rehearsal reads it (scripts/dockerfile.ts): the real file parses into the
 * stages it has, and an instruction the rehearsal cannot follow stops it rather than being skipped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../runtime/paths.ts';
import { dockerIgnore, parseDockerfile } from '../../scripts/dockerfile.ts';

const real = readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8');

describe('the Dockerfile as the image rehearsal reads it', () => {
  it('reads the real file: build, deps and the runtime stage with its copies and environment', () => {
    const stages = parseDockerfile(real);
    expect(stages.map((s) => s.name)).toEqual(['build', 'deps', null]);
    const runtime = stages[2]?.instructions ?? [];
    const copies = runtime.flatMap((i) => (i.op === 'COPY' ? [[i.from, ...i.sources, i.dest]] : []));
    expect(copies).toContainEqual(['deps', '/app/node_modules', './node_modules']);
    expect(copies).toContainEqual(['build', '/app/dist', './dist']);
    const env = Object.assign({}, ...runtime.flatMap((i) => (i.op === 'ENV' ? [i.vars] : [])));
    expect(env).toMatchObject({ NODE_ENV: 'production', MALLOC_ARENA_MAX: '1' });
    expect(env.NODE_OPTIONS).toContain('--max-old-space-size=');
  });

  it.each([
    ['ADD', 'ADD https://example.com/x.tgz /app/'],
    ['ARG', 'ARG VERSION=1'],
    ['VOLUME', 'VOLUME /data'],
    ['RUN --mount', 'RUN --mount=type=cache,target=/root/.npm npm ci'],
    ['COPY --link', 'COPY --link . .'],
    ['CMD in shell form', 'CMD node dist/server/index.js'],
  ])('stops at %s, naming the line', (_what, line) => {
    expect(() => parseDockerfile(`${real}\n${line}\n`)).toThrow(/line \d+/);
  });

  it('leaves out what .dockerignore names, and takes back what it negates', () => {
    const ignored = dockerIgnore(readFileSync(join(PROJECT_ROOT, '.dockerignore'), 'utf8'));
    expect(
      ['node_modules', 'node_modules/x/y.js', '.env', '.env.local', 'debug.log', '.git/HEAD'].map(ignored),
    ).toEqual([true, true, true, true, true, true]);
    expect(['.env.example', 'package.json', 'server/app.ts', 'public/css/app.css'].map(ignored)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
