/**
 * Offered load (target 2): pages asked for at a fixed arrival rate, an open model. Request k is due at
 * start + k / rate and is sent then whatever happened to the earlier ones (no connection limit, so nothing
 * waits for a free socket); its latency counts from when it was due, not from when it left, so a generator
 * or a server falling behind shows in the figures instead of quietly lowering the rate (autocannon's
 * rate limit works per connection: a slow answer delays the next request, which hides the queue).
 * Pages go round a mix, sessions round the signed-in browsers; each asks for compression as a browser does.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { type CpuPerPage, type CpuSnapshot, cpuPerPage, cpuSnapshot } from './cpu-share.ts';
import { BROWSER_ENCODINGS, type Percentiles, percentilesOf } from './lone.ts';
import type { Child } from './stack.ts';

export type RateRun = {
  rate: number;
  seconds: number;
  sent: number;
  completed: number;
  /** Completions per second over the run. */
  achieved: number;
  latency: Percentiles;
  /** Answers other than 200, and requests that failed (reset, timeout). */
  non200: number;
  errors: number;
  /** How late the generator itself sent requests (p99, ms): a late generator makes the run meaningless. */
  sendLagP99: number;
  /** Peak resident set of each process during the run, MB (sampled every 250 ms). */
  peakRssMb: Record<string, number>;
  /** The CPU each page cost the web, the api and the rest of the machine (null without /proc). */
  cpu: CpuPerPage | null;
};

export async function offerLoad(options: {
  webUrl: string;
  paths: string[];
  cookies: string[];
  rate: number;
  seconds: number;
  /** Seconds at the same rate before the measured ones (connections opened, code warm), not recorded. */
  warmup?: number;
  watch: Child[];
}): Promise<RateRun> {
  const { webUrl, paths, cookies, rate, seconds } = options;
  const warm = Math.round(rate * (options.warmup ?? 0));
  const agent = new Agent({ connections: null, keepAliveTimeout: 30_000, headersTimeout: 30_000 });
  const total = warm + Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const lags: number[] = [];
  let non200 = 0;
  let errors = 0;
  const peak: Record<string, number> = {};
  const sample = () => {
    for (const c of options.watch) peak[c.name] = Math.max(peak[c.name] ?? 0, c.rssMb());
  };
  sample();
  const sampler = setInterval(sample, 250);
  const pending: Promise<void>[] = [];
  const pids = Object.fromEntries(options.watch.map((c) => [c.name, c.proc.pid]));
  const started = performance.now();
  let measuredFrom = started;
  let cpuFrom: CpuSnapshot | null = null;
  const send = (k: number) => {
    const due = started + k * interval;
    const recorded = k >= warm;
    if (k === warm) {
      measuredFrom = due;
      // The peaks count from here: the warm-up's own are not the run's.
      for (const key of Object.keys(peak)) delete peak[key];
      cpuFrom = cpuSnapshot(pids);
    }
    if (recorded) lags.push(performance.now() - due);
    const path = paths[k % paths.length] ?? '/';
    const cookie = cookies[k % cookies.length] ?? '';
    return request(`${webUrl}${path}`, {
      headers: { cookie, 'accept-encoding': BROWSER_ENCODINGS },
      dispatcher: agent,
    })
      .then(async (res) => {
        await res.body.dump({ limit: Number.POSITIVE_INFINITY });
        if (!recorded) return;
        latencies.push(performance.now() - due);
        if (res.statusCode !== 200) non200++;
      })
      .catch(() => {
        if (recorded) errors++;
      });
  };
  let k = 0;
  while (k < total) {
    const now = performance.now();
    while (k < total && started + k * interval <= now) pending.push(send(k++));
    const wait = started + k * interval - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(pending);
  const cpuTo = cpuSnapshot(pids);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  clearInterval(sampler);
  sample();
  await agent.close();
  return {
    rate,
    seconds,
    sent: total - warm,
    completed: latencies.length,
    achieved: Math.round(latencies.length / elapsed),
    latency: percentilesOf(latencies),
    non200,
    errors,
    sendLagP99: percentilesOf(lags).p99,
    peakRssMb: Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, Math.round(v)])),
    cpu: cpuFrom && cpuTo ? cpuPerPage(cpuFrom, cpuTo, latencies.length, rate) : null,
  };
}

export type Knee = {
  /** p95 at each rate tried. */
  steps: RateRun[];
  /** The first rate whose p95 passed the limit (or which had errors); null when none did up to the last. */
  kneeRate: number | null;
  /** The highest rate tried whose p95 stayed under the limit without errors. */
  lastGood: number | null;
  cores: number;
  perCore: number | null;
};

/**
 * Steps the rate up by `factor` (rounded to tens) from `from` until p95 passes `limitMs` or errors appear:
 * the knee. Starting low, it is found wherever it lies, above the offered rate or below it.
 */
export async function findKnee(options: {
  webUrl: string;
  paths: string[];
  cookies: string[];
  from: number;
  factor: number;
  max: number;
  seconds: number;
  warmup?: number;
  limitMs: number;
  cores: number;
  watch: Child[];
  log: (line: string) => void;
}): Promise<Knee> {
  const steps: RateRun[] = [];
  let lastGood: number | null = null;
  let kneeRate: number | null = null;
  const next = (rate: number) => Math.max(rate + 10, Math.round((rate * options.factor) / 10) * 10);
  for (let rate = options.from; rate <= options.max; rate = next(rate)) {
    const run = await offerLoad({ ...options, rate });
    steps.push(run);
    options.log(
      `  knee: ${rate}/s for ${options.seconds} s: p95 ${run.latency.p95} ms, p99 ${run.latency.p99} ms, ` +
        `${run.non200 + run.errors} failed` +
        (run.cpu
          ? `; ${run.cpu.system} ms of CPU a page, ${run.cpu.coresAtRate} cores busy, ${run.cpu.stolenPercent} % stolen`
          : ''),
    );
    if (run.latency.p95 > options.limitMs || run.errors + run.non200 > 0) {
      kneeRate = rate;
      break;
    }
    lastGood = rate;
    // Let the queues drain before the next step.
    await sleep(1000);
  }
  return {
    steps,
    kneeRate,
    lastGood,
    cores: options.cores,
    perCore: lastGood === null ? null : Math.round(lastGood / options.cores),
  };
}
