/**
 * Outside postal-code services and how to read their answers. The first is ViaCEP-shaped
 * ({logradouro, bairro, localidade, uf} or {erro: true}); the fallback is BrasilAPI-shaped
 * ({street, neighborhood, city, state}, 404 when unknown).
 */
export type CepAddress = { cep: string; street: string; neighborhood: string; city: string; state: string };

/** found, not found (the service answered that the CEP does not exist), or unavailable (try the next). */
export type ProviderAnswer =
  | { kind: 'found'; address: CepAddress }
  | { kind: 'not-found' }
  | { kind: 'unavailable' };

export type CepProviderFormat = 'viacep' | 'brasilapi';

export type CepProvider = { url: string; format: CepProviderFormat };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function readProviderAnswer(
  format: CepProviderFormat,
  cep: string,
  status: number,
  body: unknown,
): ProviderAnswer {
  const b = (body ?? {}) as Record<string, unknown>;
  if (format === 'viacep') {
    if (status === 200 && (b.erro === true || b.erro === 'true')) return { kind: 'not-found' };
    if (status === 400) return { kind: 'not-found' };
    if (status !== 200 || typeof b.localidade !== 'string') return { kind: 'unavailable' };
    return {
      kind: 'found',
      address: {
        cep,
        street: text(b.logradouro),
        neighborhood: text(b.bairro),
        city: text(b.localidade),
        state: text(b.uf),
      },
    };
  }
  if (status === 404) return { kind: 'not-found' };
  if (status !== 200 || typeof b.city !== 'string') return { kind: 'unavailable' };
  return {
    kind: 'found',
    address: {
      cep,
      street: text(b.street),
      neighborhood: text(b.neighborhood),
      city: text(b.city),
      state: text(b.state),
    },
  };
}

export function providerUrl(template: string, cep: string): string {
  return template.includes('{cep}')
    ? template.replace('{cep}', cep)
    : `${template.replace(/\/+$/, '')}/${cep}`;
}
