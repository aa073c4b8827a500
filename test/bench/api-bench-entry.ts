/**
 * How an api bench is started: by run.ts, which passes smaller sizes and its own log, or alone from the
 * command line, where the environment's knobs apply and the table goes to stdout, the progress to stderr.
 */
import { pathToFileURL } from 'node:url';

export type ApiBenchOptions = {
  requests?: number;
  explain?: boolean;
  log?: (line: string) => void;
};

/** The options given, else BENCH_EXPLAIN=1 for the plans, the bench's own number of requests, no log. */
export function apiBenchSettings(options: ApiBenchOptions, requests: number) {
  return {
    requests: options.requests ?? requests,
    explain: options.explain ?? process.env.BENCH_EXPLAIN === '1',
    log: options.log ?? (() => {}),
  };
}

/**
 * Runs the bench and prints its tables when `moduleUrl` (the bench's import.meta.url) is the script node
 * was started with; when run.ts imports the bench, does nothing.
 */
export async function runWhenMain<B>(
  moduleUrl: string,
  run: (options: { log: (line: string) => void }) => Promise<B>,
  format: (bench: B) => string,
): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const bench = await run({ log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${format(bench)}\n`);
}
