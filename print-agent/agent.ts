/**
 * The reference print agent's loop: ask the web for this printer's next job (waiting up to 25 s; the web
 * hands out one a poll, decision 021), render it to PDF, print or save it, report the result. When the web is away it tries again, waiting longer
 * each time (up to 30 s); a stop signal ends the wait at once and lets the job in hand finish.
 * Every address is made from --url (address.ts). A report the web does not take after a few tries is
 * given up: the next job must not wait on it, and the web hands the job out again after its lease.
 * Its log names jobs by their sheet's title: never the key, never a job's URL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { jobAddress, onBase } from './address.ts';
import type { AgentOptions } from './options.ts';
import { deliver, type Job } from './output.ts';
import type { Renderer } from './render.ts';

type QueuedJob = Job & { url?: unknown };
export type Log = (line: string) => void;

const MAX_BACKOFF_MS = 30_000;
/** A report's tries: waits of 0.5, 1, 2, 4 and 8 s between them, about 15 s plus the calls themselves. */
const REPORT_TRIES = 6;

export async function runAgent(options: AgentOptions, renderer: Renderer, stop: AbortSignal, log: Log) {
  const auth = { authorization: `Bearer ${options.key}` };
  let backoff = 0;
  let away = false;

  async function pause(ms: number) {
    await sleep(ms, undefined, { signal: stop }).catch(() => {});
  }

  function failed(what: string) {
    backoff = Math.min(MAX_BACKOFF_MS, backoff ? backoff * 2 : 1000);
    if (!away) log(`${what}; nova tentativa em até ${MAX_BACKOFF_MS / 1000} s`);
    away = true;
  }

  /**
   * Sends a report until the web takes it (the same report again answers the same), a few times at
   * most: the web's 4xx is its last word (a report it refuses will not be taken later).
   */
  async function report(
    job: QueuedJob,
    address: string,
    body: { status: 'impresso' | 'falhou'; motivo?: string },
  ) {
    let last = 'web indisponível';
    for (let attempt = 1; attempt <= REPORT_TRIES; attempt++) {
      try {
        const res = await fetch(address, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return;
        const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
        last = typeof answer?.message === 'string' ? answer.message : `a web respondeu ${res.status}`;
        if (res.status >= 400 && res.status < 500 && res.status !== 429) {
          log(`${job.title}: a web recusou o resultado (${last})`);
          return;
        }
      } catch {
        /* the web is away: try again */
      }
      // After a stop signal, a few quick tries only.
      if (attempt === REPORT_TRIES || (stop.aborted && attempt >= 3)) break;
      await sleep(500 * 2 ** (attempt - 1));
    }
    log(`${job.title}: resultado não informado à web (${last})`);
  }

  async function handle(job: QueuedJob) {
    const address = jobAddress(options.url, job);
    let outcome: { status: 'impresso' } | { status: 'falhou'; motivo: string };
    try {
      const res = await fetch(address, { headers: auth, signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`folha indisponível (${res.status})`);
      const pdf = await renderer.pdf(address, await res.text(), job.paper);
      const where = await deliver(options.target, job, pdf);
      log(`${job.title}: ${job.copies === 1 ? '1 cópia' : `${job.copies} cópias`}, ${where}`);
      outcome = { status: 'impresso' };
    } catch (err) {
      const motivo =
        String((err as Error)?.message ?? err)
          .split('\n')[0]
          ?.slice(0, 200) || 'erro';
      log(`${job.title}: falhou (${motivo})`);
      outcome = { status: 'falhou', motivo };
    }
    await report(job, address, outcome);
  }

  while (!stop.aborted) {
    let res: Response;
    try {
      res = await fetch(onBase(options.url, `/impressao/fila?espera=${options.wait}`), {
        headers: auth,
        signal: AbortSignal.any([stop, AbortSignal.timeout((options.wait + 15) * 1000)]),
      });
    } catch {
      if (stop.aborted) break;
      failed('web indisponível');
      await pause(backoff);
      continue;
    }
    if (res.status === 401) {
      failed('chave recusada pela web (errada ou revogada)');
      await pause(MAX_BACKOFF_MS);
      continue;
    }
    if (!res.ok) {
      const retry = Number(res.headers.get('retry-after'));
      failed(`a web respondeu ${res.status}`);
      await pause(retry > 0 ? retry * 1000 : backoff);
      continue;
    }
    if (away) log('web disponível de novo');
    away = false;
    backoff = 0;
    const answer: unknown = await res.json().catch(() => []);
    const jobs = Array.isArray(answer) ? (answer as QueuedJob[]) : [];
    for (const job of jobs) {
      await handle(job);
      if (stop.aborted) break;
    }
  }
}
