/** Where a rendered job goes: a CUPS queue through `lp`, or a file in a folder. */
import { execFile } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
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
      timeout: 60_000,
    });
    return `enviado para a fila ${target.queue}`;
  } finally {
    await rm(file, { force: true });
  }
}
