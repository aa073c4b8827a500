import type { ReactNode } from 'react';
import type { Toast } from '../../contract/web.ts';
import { Menu } from './Menu.tsx';
import { Toasts } from './Toasts.tsx';

/** What the top menu shows on a signed-in screen: the page's link marked current, the user's name. */
export type MenuProps = { current: string; username: string; painel: boolean };

/**
 * The body of every screen: the menu (signed-in screens only), the toasts and the page itself. With the
 * menu, the first Tab stop is a link past it (shown only while focused), so the keyboard does not walk
 * the menu's eight stops on every page.
 */
export function Page({
  children,
  toasts,
  menu,
}: {
  children: ReactNode;
  toasts: Toast[];
  menu?: MenuProps | null;
}) {
  return (
    <>
      {menu ? (
        <>
          <a className="skip-link" href="#conteudo">
            Pular para o conteúdo
          </a>
          <Menu current={menu.current} username={menu.username} painel={menu.painel} />
        </>
      ) : null}
      <Toasts toasts={toasts} />
      <main id="conteudo">{children}</main>
    </>
  );
}
