/** Where a rendered job goes: a CUPS queue through `lp`, or a file in a folder. */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AgentOptions } from './options.ts';

const run = promisify(execFile);

export type Job = { id: string; title: string; copies: number; paper: string };

/** A file name from the sheet's title: "O.S. M00012" -> "O.S.-M00012". */
const safeName = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'folha';

export async function deliver(target: AgentOptions['target'], job: Job, pdf: Buffer): Promise<string> {
  const name = `${safeName(job.title)}-${job.id.slice(0, 8)}.pdf`;
  if (target.kind === 'folder') {
    await mkdir(target.path, { recursive: true });
    // Written aside and renamed: whatever watches the folder never picks up half a PDF.
    const part = join(target.path, `.${name}.part`);
    await writeFile(part, pdf);
    await rename(part, join(target.path, name));
    return `salvo em ${target.path}`;
  }
  const file = join(tmpdir(), `bancada-${process.pid}-${name}`);
  await writeFile(file, pdf);
  try {
    // Arguments as a list, never a shell line: a title is text someone typed.
    await run('lp', ['-d', target.queue, '-n', String(job.copies), '-t', job.title, file], {
      timeout: LP_TIMEOUT_MS,
    });
    return `enviado para a fila ${target.queue}`;
  } catch (err) {
    throw new Error(lpFailure(err, target.queue));
  } finally {
    await rm(file, { force: true });
  }
}

const LP_TIMEOUT_MS = 60_000;

/** The CUPS client is missing: every job would fail the same way, so the agent says it at start too. */
export const LP_MISSING = 'o comando lp não está instalado neste computador (instale o pacote cups-client)';

/**
 * Why `lp` did not take a job, in words the shop reads on the sheet ('falhou: …'): never a bare
 * 'spawn lp ENOENT'. CUPS's own line is kept after the explanation when there is one.
 */
export function lpFailure(err: unknown, queue: string): string {
  const e = err as { code?: string | number; killed?: boolean; signal?: string; stderr?: string };
  if (e?.code === 'ENOENT') return LP_MISSING;
  if (e?.killed || e?.signal === 'SIGTERM') return `o lp não respondeu em ${LP_TIMEOUT_MS / 1000} s`;
  const said = String(e?.stderr ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (said && /does not exist|não existe/i.test(said)) return `a fila ${queue} não existe no CUPS (${said})`;
  return said ? `o lp recusou o trabalho (${said})` : 'o lp recusou o trabalho';
}

/** Whether a program is on the PATH (the agent checks `lp` before it waits for jobs). */
export async function onPath(program: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    try {
      await access(join(dir, program), constants.X_OK);
      return true;
    } catch {
      /* not in this folder */
    }
  }
  return false;
}
