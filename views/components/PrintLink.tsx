import type { ReactNode } from 'react';
import { useView } from '../context.ts';

/**
 * A button-looking link that opens a print sheet in a new tab. A page with one fetches ahead, while the
 * browser is idle, what every sheet needs and no other page uses (the sheets' stylesheet and the Imprimir
 * button's script), so that opening a sheet waits on neither.
 */
export function PrintLink(props: { href: string; className?: string; children: ReactNode }) {
  useView().linksToSheets = true;
  return (
    <a className={props.className ?? 'button'} href={props.href} target="_blank" rel="noopener">
      {props.children}
    </a>
  );
}
