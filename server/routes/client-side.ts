/**
 * The order page's client-side actions (decision 020): renew the status link, and open a WhatsApp message
 * (recorded in the history, then a redirect to wa.me: the server itself sends nothing).
 */
import { type Request, type Response, Router } from 'express';
import { fillTemplate, type OrderEntity, templateFor } from '../../domain/client-view.ts';
import { brl } from '../../views/format.ts';
import { getShopSettings, getStatusLink, recordOrderEvent, renewStatusLink } from '../backend/client-side.ts';
import { getPartsOrder } from '../backend/orders.ts';
import { findServiceOrder } from '../backend/service-orders.ts';
import { linkBase, statusUrl } from '../client-side/links.ts';
import {
  clientMobile,
  type PanelOrder,
  panelOrderOfParts,
  panelOrderOfService,
} from '../client-side/order-panel.ts';
import type { WebDeps } from '../context.ts';
import { flash } from '../middleware/flash.ts';

export const TEXT = {
  renewed: 'Novo link gerado. O link anterior deixou de funcionar.',
  renewFailed: 'Não foi possível gerar um novo link.',
  noMobile: 'O cliente não tem celular cadastrado.',
  whatsappFailed: 'Não foi possível montar a mensagem.',
  notFound: 'Pedido não encontrado',
} as const;

const PAGES: [prefix: string, entity: OrderEntity][] = [
  ['/os', 'service_order'],
  ['/pedido', 'order'],
];

async function panelOrder(req: Request, entity: OrderEntity, id: string): Promise<PanelOrder | null> {
  if (entity === 'order') {
    const found = await getPartsOrder(req.api, id);
    return found.ok ? panelOrderOfParts(found.data) : null;
  }
  const found = await findServiceOrder(req.api, id);
  return found ? panelOrderOfService(found) : null;
}

export function clientSideRoutes(deps: WebDeps): Router {
  const router = Router();

  for (const [prefix, entity] of PAGES) {
    const idOf = (req: Request) => (/^\d{1,10}$/.test(String(req.params.id)) ? String(req.params.id) : null);
    const back = (res: Response, id: string) => res.redirect(303, `${prefix}/${id}`);

    router.post(`${prefix}/:id/link/renovar`, async (req, res) => {
      const id = idOf(req);
      if (!id) return res.redirect(303, '/consulta');
      const renewed = await renewStatusLink(req.api, entity, id);
      flash(req, renewed.ok ? 'success' : 'error', renewed.ok ? TEXT.renewed : TEXT.renewFailed);
      back(res, id);
    });

    // A link (GET), not a form: a form's redirect to another site is refused by the pages' form-action
    // CSP. It writes only a history line, and opens in a new tab so the order page stays.
    router.get(`${prefix}/:id/whatsapp`, async (req, res) => {
      const id = idOf(req);
      if (!id) return res.redirect(303, '/consulta');
      const order = await panelOrder(req, entity, id);
      if (!order) {
        flash(req, 'error', TEXT.notFound);
        return res.redirect(303, '/consulta');
      }
      const mobile = clientMobile(order);
      if (!mobile) {
        flash(req, 'error', TEXT.noMobile);
        return back(res, id);
      }
      const [settings, link] = await Promise.all([
        getShopSettings(req.api),
        getStatusLink(req.api, entity, id),
      ]);
      if (!settings.ok || !link.ok) {
        flash(req, 'error', TEXT.whatsappFailed);
        return back(res, id);
      }
      const key = templateFor(order.kind, order.status);
      const message = fillTemplate(settings.data.whatsapp_templates[key], {
        cliente: order.client?.name ?? '',
        numero: order.number,
        aparelho: order.item,
        valor: order.amount === null ? '' : brl(order.amount),
        link: statusUrl(linkBase(req, deps.env), link.data.token),
        loja: deps.env.SHOP_NAME,
      });
      await recordOrderEvent(req.api, entity, id, { event: 'whatsapp-opened', detail: key });
      res.redirect(303, `https://wa.me/55${mobile}?text=${encodeURIComponent(message)}`);
    });
  }
  return router;
}
