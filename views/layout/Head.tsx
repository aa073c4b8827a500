/**
 * The document's head: the charset, the title naming the page, the icon, the font, the stylesheet (the
 * app's, or a sheet's print stylesheet), a preload for each island module the page uses, and a prefetch
 * of what the sheets it links to will need.
 */
export function Head({
  title,
  stylesheet,
  preloads,
  prefetches = [],
}: {
  title: string;
  stylesheet: string;
  preloads: readonly string[];
  /** Fetched while the browser is idle, for the next page (a print sheet), not this one. */
  prefetches?: readonly string[];
}) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title ? `${title} · Bancada` : 'Bancada'}</title>
      <link rel="icon" href="/static/img/logo.svg" type="image/svg+xml" />
      <link
        rel="preload"
        href="/fonts/roboto-slab-latin-400-normal.woff2"
        as="font"
        type="font/woff2"
        crossOrigin=""
      />
      <link rel="stylesheet" href={stylesheet} />
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {prefetches.map((href) => (
        <link key={href} rel="prefetch" href={href} />
      ))}
    </head>
  );
}

/** The islands' modules, at the end of the body, under the response's nonce (CSP). */
export function IslandScripts({ scripts, nonce }: { scripts: readonly string[]; nonce: string }) {
  return (
    <>
      {scripts.map((src) => (
        <script key={src} type="module" src={src} nonce={nonce} />
      ))}
    </>
  );
}
