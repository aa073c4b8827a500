/**
 * In production a secret must be set, long enough and not the one `.env.example` ships with: a copied
 * example would sign every shop's cookies and tokens with a key anyone can read. Checked by the web
 * (SESSION_SECRET) and the api (JWT_SECRET, ADMIN_PASSWORD) at start, after the schema's own checks
 * (which refuse a short one in any environment).
 */

/** The placeholders `.env.example` holds (test/ops/env.test.ts keeps this list equal to the file). */
export const EXAMPLE_PLACEHOLDERS: Readonly<Record<string, string>> = {
  SESSION_SECRET: 'troque-por-64-caracteres-hexadecimais-gerados-com-openssl-rand',
  JWT_SECRET: 'troque-tambem-por-64-caracteres-hexadecimais-de-openssl-rand',
  ADMIN_PASSWORD: 'troque-esta-senha',
};

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
