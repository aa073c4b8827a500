/** Configuration read at start: a wrong SHOP_TZ stops each process with one clear line, not a 500 later. */
import { describe, expect, it } from 'vitest';
import { readApiEnv } from '../../api/env.ts';
import { readWebEnv } from '../../server/env.ts';

const SHOP_TZ_MESSAGE = 'SHOP_TZ: SHOP_TZ deve ser um fuso horário IANA, como America/Sao_Paulo';

describe.each([
  ['api', readApiEnv],
  ['web', readWebEnv],
] as const)('the %s reads SHOP_TZ', (_name, read) => {
  it('defaults to São Paulo and takes another IANA zone', () => {
    expect(read({}).SHOP_TZ).toBe('America/Sao_Paulo');
    expect(read({ SHOP_TZ: 'America/Manaus' }).SHOP_TZ).toBe('America/Manaus');
  });

  it.each(['Brasil/Recife', 'GMT-3 horas', ''])('refuses %j with the variable named', (tz) => {
    expect(() => read({ SHOP_TZ: tz })).toThrow(SHOP_TZ_MESSAGE);
  });
});
