/**
 * The reference print agent's loop: ask the web for this printer's jobs (waiting up to 25 s), render
 * each to PDF, print or save it, report the result. When the web is away it tries again, waiting longer
 * each time (up to 30 s); a stop signal ends the wait at once and lets the job in hand finish.
 * Its log names jobs by their sheet's title: never the key, never a job's URL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentOptions } from './options.ts';
import { deliver, type Job } from './output.ts';
import type { Renderer } from './render.ts';

type QueuedJob = Job & { url: string };
export type Log = (line: string) => void;

const MAX_BACKOFF_MS = 30_000;

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

  /** Sends a report until the web takes it (the same report again answers the same). */
  async function report(job: QueuedJob, body: { status: 'impresso' | 'falhou'; motivo?: string }) {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(job.url, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429)) return res.status;
      } catch {
        /* the web is away: try again */
      }
      // After a stop signal, a few more quick tries and then give up (the job comes back after its lease).
      if (stop.aborted && attempt >= 3) return 0;
      await sleep(Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt));
    }
  }

  async function handle(job: QueuedJob) {
    let outcome: { status: 'impresso' } | { status: 'falhou'; motivo: string };
    try {
      const res = await fetch(job.url, { headers: auth, signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`folha indisponível (${res.status})`);
      const pdf = await renderer.pdf(job.url, await res.text(), job.paper);
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
    await report(job, outcome);
  }

  while (!stop.aborted) {
    let res: Response;
    try {
      res = await fetch(`${options.url}/impressao/fila?espera=${options.wait}`, {
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
