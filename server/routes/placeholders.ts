/** Screens of SPEC §2 that later work fills in: already behind the guard, with their titles. */
import { Router } from 'express';
import { createElement } from 'react';
import { Placeholder } from '../../views/pages/Placeholder.tsx';
import type { WebDeps } from '../context.ts';

export const PLACEHOLDER_SCREENS: readonly { path: string; title: string }[] = [
  { path: '/consulta', title: 'Consulta' },
  { path: '/cadastrar-cliente', title: 'Cadastrar Cliente' },
  { path: '/editar-cliente/:id', title: 'Editar Cliente' },
  { path: '/abrir-os-normal', title: 'Abrir O.S.' },
  { path: '/abrir-os-retorno', title: 'Abrir O.S. de Retorno' },
  { path: '/abrir-pedido', title: 'Abrir Pedido' },
  { path: '/abrir-atendimento-externo', title: 'Abrir Serviço Externo' },
  { path: '/listar-os-normal', title: 'Listar O.S. Normal' },
  { path: '/listar-os-retorno', title: 'Listar O.S. de Retorno' },
  { path: '/listar-pedido', title: 'Listar Pedidos' },
  { path: '/listar-atendimento-externo', title: 'Listar Atendimentos Externos' },
  { path: '/os/:id', title: 'O.S.' },
  { path: '/pedido/:id', title: 'Pedido' },
  { path: '/editar-os/:id', title: 'Editar O.S.' },
  { path: '/editar-os-retorno/:id', title: 'Editar O.S.' },
  { path: '/editar-os-externa/:id', title: 'Editar Atendimento Externo' },
  { path: '/editar-pedido/:id', title: 'Editar Pedido' },
  { path: '/caixa-hoje', title: 'Caixa do dia' },
  { path: '/caixa-periodo', title: 'Caixa por período' },
];

export function placeholderRoutes(deps: WebDeps): Router {
  const router = Router();
  for (const screen of PLACEHOLDER_SCREENS) {
    router.get(screen.path, (req, res) => {
      deps.render(req, res, createElement(Placeholder, { title: screen.title }), { title: screen.title });
    });
  }
  return router;
}
