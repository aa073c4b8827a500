import type { ReactNode } from 'react';
import type { Toast } from '../../server/session-data.ts';
import { useView } from '../context.ts';
import { Menu } from './Menu.tsx';
import { Toasts } from './Toasts.tsx';

/** The body of every screen: the menu when signed in, the toasts, and the page itself. */
export function Page({ children, toasts }: { children: ReactNode; toasts: Toast[] }) {
  const { user } = useView();
  return (
    <>
      {user ? <Menu /> : null}
      <Toasts toasts={toasts} />
      <main>{children}</main>
    </>
  );
}
