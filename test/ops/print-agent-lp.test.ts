/**
 * The print agent's `lp` failures in the shop's words: a sheet reads 'falhou: <motivo>', and the motivo
 * says what to do (install cups-client, the queue's name), never 'spawn lp ENOENT'.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliver, LP_MISSING, onPath } from '../../print-agent/output.ts';

describe('print agent: lp failures', () => {
  const job = { id: '0123456789abcdef', title: 'O.S. M00001', copies: 1, paper: 'a4' };
  const target = { kind: 'printer', queue: 'Balcao' } as const;
  const pdf = Buffer.from('%PDF-1.4\n');
  const savedPath = process.env.PATH;
  let bin: string;

  /** A stand-in `lp`, the only program on the PATH. */
  function fakeLp(script: string) {
    writeFileSync(join(bin, 'lp'), `#!/bin/sh\n${script}\n`);
    chmodSync(join(bin, 'lp'), 0o755);
    process.env.PATH = bin;
  }

  beforeAll(() => {
    bin = mkdtempSync(join(tmpdir(), 'bancada-lp-'));
  });
  afterEach(() => {
    process.env.PATH = savedPath;
    rmSync(join(bin, 'lp'), { force: true });
  });
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  it('without lp installed: says to install cups-client, and the agent can tell before the first job', async () => {
    process.env.PATH = bin;
    expect(await onPath('lp')).toBe(false);
    await expect(deliver(target, job, pdf)).rejects.toThrow(LP_MISSING);
    expect(LP_MISSING).toBe(
      'o comando lp não está instalado neste computador (instale o pacote cups-client)',
    );
  });

  it("a queue CUPS does not know is named, with CUPS's own line", async () => {
    fakeLp('echo "lp: The printer or class does not exist." >&2; exit 1');
    expect(await onPath('lp')).toBe(true);
    await expect(deliver(target, job, pdf)).rejects.toThrow(
      'a fila Balcao não existe no CUPS (lp: The printer or class does not exist.)',
    );
  });

  it('any other refusal says lp refused it, and a job lp takes says where it went', async () => {
    fakeLp('echo "lp: Unauthorized" >&2; exit 1');
    await expect(deliver(target, job, pdf)).rejects.toThrow('o lp recusou o trabalho (lp: Unauthorized)');
    fakeLp('exit 0');
    expect(await deliver(target, job, pdf)).toBe('enviado para a fila Balcao');
  });
});
