/**
 * npm run print-agent -- --url <web> --key <device key> (--printer <CUPS queue> | --out <folder>)
 * Runs until SIGTERM or SIGINT: the poll in progress is dropped, the job in hand is finished and
 * reported, Chromium is closed, and the process ends with 0.
 */
import { runAgent } from './agent.ts';
import { readOptions, USAGE } from './options.ts';
import { LP_MISSING, onPath } from './output.ts';
import { chromiumRenderer } from './render.ts';

const log = (line: string) => process.stdout.write(`${new Date().toISOString()} impressão: ${line}\n`);

const options = readOptions(process.argv.slice(2), process.env);
if ('error' in options) {
  process.stderr.write(`${options.error}\n${USAGE}\n`);
  process.exit(2);
}

const stop = new AbortController();
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log(`${signal}: parando`);
    stop.abort();
  });
}

const renderer = chromiumRenderer(options.chromium, options.url);
const target =
  options.target.kind === 'printer' ? `fila ${options.target.queue}` : `pasta ${options.target.path}`;
if (options.target.kind === 'printer' && !(await onPath('lp'))) {
  log(`aviso: ${LP_MISSING}; cada trabalho vai falhar até que seja instalado`);
}
log(`aguardando trabalhos de ${new URL(options.url).origin} para a ${target}`);
try {
  await runAgent(options, renderer, stop.signal, log);
} finally {
  await renderer.close();
}
log('parado');
