import type { ReactNode } from 'react';
import type { Toast } from '../../contract/web.ts';
import { Toasts } from './Toasts.tsx';

/**
 * The body of every screen after the menu: the toasts and the page itself. The menu, on signed-in
 * screens, comes before it already written (menuHtml in Menu.tsx; server/render.tsx puts it in).
 */
export function Page({ children, toasts }: { children: ReactNode; toasts: Toast[] }) {
  return (
    <>
      <Toasts toasts={toasts} />
      <main>{children}</main>
    </>
  );
}
