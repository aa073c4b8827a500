const ABRIR = [
  { href: '/abrir-os-normal', label: 'O.S. Normal' },
  { href: '/abrir-os-retorno', label: 'O.S. de Retorno' },
  { href: '/abrir-pedido', label: 'Pedido' },
  { href: '/abrir-atendimento-externo', label: 'Atendimento Externo' },
];
const LISTAR = [
  { href: '/listar-os-normal', label: 'O.S. Normal' },
  { href: '/listar-os-retorno', label: 'O.S. de Retorno' },
  { href: '/listar-pedido', label: 'Pedido' },
  { href: '/listar-atendimento-externo', label: 'Atendimento Externo' },
];
const CAIXA = [
  { href: '/caixa-hoje', label: 'Caixa do dia' },
  { href: '/caixa-periodo', label: 'Caixa por período' },
];

/**
 * A submenu that opens without JavaScript (<details>); `name` keeps one open at a time. Pages without an
 * island ship no script at all, so nothing closes it on Escape or when the focus leaves it.
 */
function Submenu({ label, items, current }: { label: string; items: typeof ABRIR; current: string }) {
  return (
    <li>
      <details className="submenu" name="menu">
        <summary>{label}</summary>
        <ul>
          {items.map((i) => (
            <li key={i.href}>
              <a href={i.href} aria-current={current === i.href ? 'page' : undefined}>
                {i.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/**
 * The top menu of SPEC §2, on every private page: `current` is the address of the menu's link to the page
 * shown ('' when none is), marked as the current page.
 */
export function Menu({
  current,
  username,
  painel = false,
}: {
  current: string;
  username: string;
  painel?: boolean;
}) {
  return (
    <nav className="menu" aria-label="Menu principal">
      <a className="brand" href="/consulta">
        <img src="/static/img/logo.svg" alt="" width="28" height="28" />
        Bancada
      </a>
      <ul>
        <li>
          <a href="/consulta" aria-current={current === '/consulta' ? 'page' : undefined}>
            Consulta
          </a>
        </li>
        <li>
          <a href="/cadastrar-cliente" aria-current={current === '/cadastrar-cliente' ? 'page' : undefined}>
            Cadastrar cliente
          </a>
        </li>
        <Submenu label="Abrir" items={ABRIR} current={current} />
        <Submenu label="Listar por Status" items={LISTAR} current={current} />
        <Submenu label="Caixa" items={CAIXA} current={current} />
        {painel ? (
          <li>
            <a href="/painel" aria-current={current === '/painel' ? 'page' : undefined}>
              Painel
            </a>
          </li>
        ) : null}
      </ul>
      <span className="who">{username}</span>
      <a className="settings" href="/configuracoes" aria-label="Configurações" title="Configurações">
        <span className="visually-hidden">Configurações</span>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.3 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1L11 21h4l.3-2.9c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
          />
        </svg>
      </a>
    </nav>
  );
}

const LINKS = new Set([
  '/consulta',
  '/cadastrar-cliente',
  '/painel',
  ...[...ABRIR, ...LISTAR, ...CAIXA].map((i) => i.href),
]);

/** The menu's link to the page at `path`, marked current; '' when the menu has none for it. */
export function menuCurrent(path: string): string {
  // A form that posts to a '/salvar' of its page's own (Cadastrar Cliente) is still that page.
  const page = path.replace(/\/salvar$/, '');
  return LINKS.has(page) ? page : '';
}
