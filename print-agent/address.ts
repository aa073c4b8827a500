/**
 * Every address the agent calls is made from its own --url. The web builds a job's `url` from what it
 * knows of its own address, and behind a proxy that can be wrong (a Host without the port, a path
 * prefix the web never sees): the agent takes only the path and query of it. Nor does its key ever go to
 * a host a job's `url` names.
 */

/** The web's address as given: origin and path prefix, no trailing slash ('http://loja:3000/bancada'). */
export function webBase(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}

/** The path prefix of the web's address ('' or '/bancada'). */
export const prefixOf = (base: string) => new URL(base).pathname.replace(/\/+$/, '');

/**
 * A path of the web ('/impressao/fila/…', absolute or not) on the agent's address. A path that already
 * carries the prefix (a web whose PUBLIC_URL has it) keeps it once.
 */
export function onBase(base: string, path: string): string {
  const prefix = prefixOf(base);
  const origin = new URL(base).origin;
  if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return origin + path;
  return origin + prefix + path;
}

/** Where a job's sheet is fetched and its report sent: its `url`'s path and query, on the agent's address. */
export function jobAddress(base: string, job: { id: string; url?: unknown }): string {
  if (typeof job.url === 'string' && job.url) {
    try {
      const parsed = new URL(job.url, 'http://web.invalid');
      return onBase(base, parsed.pathname + parsed.search);
    } catch {
      /* not a URL: the door's own path for the job */
    }
  }
  return onBase(base, `/impressao/fila/${encodeURIComponent(job.id)}`);
}
