/** The agent's command line: where the web is, its device key, and a CUPS queue or a folder. */
import { parseArgs } from 'node:util';
import { webBase } from './address.ts';

export type AgentOptions = {
  /** The web's address: origin and any path prefix, without a trailing slash (every call is built on it). */
  url: string;
  key: string;
  target: { kind: 'printer'; queue: string } | { kind: 'folder'; path: string };
  chromium: string;
  /** How long one poll may wait for a job on the web, in seconds (0–25). */
  wait: number;
};

export const USAGE =
  'Uso: npm run print-agent -- --url <endereço da web> --key <chave do dispositivo> (--printer <fila do CUPS> | --out <pasta>)\n' +
  '  A chave também pode vir de BANCADA_PRINT_KEY (fora da lista de processos).';

export function readOptions(argv: string[], env: NodeJS.ProcessEnv): AgentOptions | { error: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        printer: { type: 'string' },
        out: { type: 'string' },
        chromium: { type: 'string' },
        wait: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (err) {
    return { error: (err as Error).message };
  }
  const url = String(values.url ?? '');
  const key = String(values.key ?? env.BANCADA_PRINT_KEY ?? '');
  if (!/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url))
    return { error: '--url deve ser o endereço da web (http:// ou https://)' };
  if (!key) return { error: 'falta a chave do dispositivo (--key ou BANCADA_PRINT_KEY)' };
  if (Boolean(values.printer) === Boolean(values.out))
    return { error: 'use --printer ou --out (um dos dois)' };
  const wait = values.wait === undefined ? 25 : Number(values.wait);
  if (!Number.isInteger(wait) || wait < 0 || wait > 25) return { error: '--wait: de 0 a 25 segundos' };
  return {
    url: webBase(url),
    key,
    target: values.printer
      ? { kind: 'printer', queue: String(values.printer) }
      : { kind: 'folder', path: String(values.out) },
    chromium: String(values.chromium ?? env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    wait,
  };
}
