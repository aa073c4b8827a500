/**
 * Zip-code lookup: the cache, then each outside service in turn until one knows the answer
 * (SPEC §9: 30 s time-out by default). A service that is down or slow passes to the next one.
 */
import { request } from 'undici';
import { normalizeCep } from '../../domain/documents.ts';
import type { CepCache } from './cache.ts';
import { type CepAddress, type CepProvider, providerUrl, readProviderAnswer } from './providers.ts';

export type CepLookupResult =
  | { ok: true; address: CepAddress }
  | { ok: false; reason: 'invalid' | 'not-found' | 'unavailable'; message: string };

export const CEP_MESSAGES = {
  invalid: 'CEP inválido',
  'not-found': 'CEP não encontrado',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço à mão.',
} as const;

export type CepLookup = (typed: string) => Promise<CepLookupResult>;

function failure(reason: keyof typeof CEP_MESSAGES): CepLookupResult {
  return { ok: false, reason, message: CEP_MESSAGES[reason] };
}

export function createCepLookup(options: {
  providers: CepProvider[];
  timeoutMs: number;
  cache: CepCache;
}): CepLookup {
  async function ask(provider: CepProvider, cep: string) {
    try {
      const res = await request(providerUrl(provider.url, cep), {
        headers: { accept: 'application/json' },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const raw = await res.body.text();
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      return readProviderAnswer(provider.format, cep, res.statusCode, body);
    } catch {
      return { kind: 'unavailable' } as const;
    }
  }

  return async (typed) => {
    const cep = normalizeCep(typed);
    if (!cep || /[^\d\s.-]/.test(typed.trim())) return failure('invalid');
    const cached = await options.cache.get(cep);
    if (cached) return cached.found ? { ok: true, address: cached.address } : failure('not-found');
    for (const provider of options.providers) {
      const answer = await ask(provider, cep);
      if (answer.kind === 'found') {
        await options.cache.set(cep, { found: true, address: answer.address });
        return { ok: true, address: answer.address };
      }
      if (answer.kind === 'not-found') {
        await options.cache.set(cep, { found: false });
        return failure('not-found');
      }
    }
    return failure('unavailable');
  };
}
