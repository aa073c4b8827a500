/**
 * Who may import what: views, print templates and islands render what the routes hand them and import
 * nothing from the server; the contract (SPEC §7's shapes) builds only on the domain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => join(dir, name));
}

/** Every module a file imports or re-exports, static or dynamic, resolved from the project's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] as string);
  return specifiers.map((s) => (s.startsWith('.') ? relative(root, resolve(root, dirname(file), s)) : s));
}

function offenders(dirs: string[], allowed: (target: string) => boolean): string[] {
  return dirs.flatMap((dir) =>
    sourcesUnder(dir).flatMap((file) =>
      importsOf(file)
        .filter((target) => !allowed(target))
        .map((target) => `${file} -> ${target}`),
    ),
  );
}

describe('import boundaries', () => {
  it('views, print templates and islands import nothing from server/', () => {
    const found = offenders(['views', 'print-templates', 'islands'], (t) => !t.startsWith('server/'));
    expect(found).toEqual([]);
  });

  it('contract/ imports only from contract/ and domain/', () => {
    const found = offenders(['contract'], (t) => t.startsWith('contract/') || t.startsWith('domain/'));
    expect(found).toEqual([]);
  });

  it('sees an import from the server when there is one', () => {
    // The scan itself is checked on a file known to import from server/.
    expect(importsOf('server/routes/cash.ts').some((t) => t.startsWith('server/'))).toBe(true);
  });
});
