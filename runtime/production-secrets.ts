/**
 * In production a secret must be set, long enough and not the one `.env.example` ships with: a copied
 * example would sign every shop's cookies and tokens with a key anyone can read. Checked by the web
 * (SESSION_SECRET, WEB_API_SECRET) and the api (JWT_SECRET, ADMIN_PASSWORD, WEB_API_SECRET) at start,
 * after the schema's own checks (which refuse a short one in any environment). WEB_API_SECRET is the
 * header by which the api believes the browser address the web passes on: without it every sign-in
 * counts as the web's one address (one guesser locks the shop out); with the example's, anyone can
 * claim any address and escape the per-address limits (decision 019).
 */

/** The placeholders `.env.example` holds (test/ops/env.test.ts keeps this list equal to the file). */
export const EXAMPLE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  SESSION_SECRET: 'troque-por-64-caracteres-hexadecimais-gerados-com-openssl-rand',
  JWT_SECRET: 'troque-tambem-por-64-caracteres-hexadecimais-de-openssl-rand',
  ADMIN_PASSWORD: 'troque-esta-senha',
  WEB_API_SECRET: 'troque-por-outros-64-caracteres-hexadecimais-de-openssl-rand',
};

/** What each process checks: the web signs cookies and proves addresses; the api signs tokens. */
export const WEB_SECRETS = ['SESSION_SECRET', 'WEB_API_SECRET'];
export const API_SECRETS = ['JWT_SECRET', 'ADMIN_PASSWORD', 'WEB_API_SECRET'];

/** One line per unsafe secret, naming it; empty outside production or when all are safe. */
export function unsafeProductionSecrets(source: NodeJS.ProcessEnv, names: string[]): string[] {
  if (source.NODE_ENV !== 'production') return [];
  const lines: string[] = [];
  for (const name of names) {
    const value = source[name];
    if (!value) lines.push(`  ${name}: obrigatório em produção (NODE_ENV=production)`);
    else if (value === EXAMPLE_PLACEHOLDERS[name])
      lines.push(`  ${name}: ainda é o valor de exemplo do .env.example; troque por um segredo novo`);
  }
  return lines;
}
