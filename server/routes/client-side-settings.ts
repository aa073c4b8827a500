/**
 * Configurações › Atendimento ao cliente (decision 020): managers set the warranty days, the ageing
 * limits and the WhatsApp messages. Checked here (whole days, known placeholders) and again by the api;
 * against a backend without shop settings the page says so and the Configurações link is not shown.
 */
import { type Request, type Response, Router } from 'express';
import { createElement } from 'react';
import type { Toast } from '../../contract/web.ts';
import {
  type AgeingLimits,
  MAX_WARRANTY_DAYS,
  PLACEHOLDERS,
  TEMPLATE_KEYS,
  type Templates,
  unknownPlaceholders,
} from '../../domain/client-view.ts';
import {
  AGEING_FIELDS,
  ageingFieldName,
  ClientSideSettings,
  templateFieldName,
} from '../../views/pages/ClientSideSettings.tsx';
import {
  extrasKnownMissing,
  getShopSettings,
  noteExtraFailure,
  putShopSettings,
  type ShopSettings,
} from '../backend/client-side.ts';
import { forgetAgeingLimits } from '../client-side/ageing.ts';
import type { WebDeps } from '../context.ts';
import { backToCreateForm, restoredDraft } from '../forms/refused-create.ts';
import { textOf } from '../forms/validate.ts';
import { requireManagerSession } from '../middleware/auth-guard.ts';
import { flash } from '../middleware/flash.ts';

export const TEXT = {
  saved: 'Configurações salvas com sucesso!',
  failed: 'Ocorreu um erro ao salvar as configurações. Cheque os dados.',
  unavailable: 'Este servidor não oferece estas configurações.',
  days: `Digite um número de dias de 0 a ${MAX_WARRANTY_DAYS}`,
  limit: `Digite um número de dias de 1 a ${MAX_WARRANTY_DAYS}, ou deixe em branco`,
  template: 'Mensagem obrigatória',
} as const;

function valuesOf(settings: ShopSettings): Record<string, string> {
  const values: Record<string, string> = { warranty_days: String(settings.warranty_days) };
  for (const f of AGEING_FIELDS) {
    const limit = settings.ageing_limits[f.kind]?.[String(f.code)];
    values[ageingFieldName(f.kind, f.code)] = limit === undefined ? '' : String(limit);
  }
  for (const key of TEMPLATE_KEYS) values[templateFieldName(key)] = settings.whatsapp_templates[key];
  return values;
}

/** The typed form, checked: the api's body, or the errors under each field. */
function parseForm(body: unknown) {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const whole = (name: string, min: number, message: string, optional: boolean) => {
    const typed = textOf(body, name).trim();
    values[name] = typed;
    if (typed === '' && optional) return undefined;
    const n = /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN;
    if (!(n >= min && n <= MAX_WARRANTY_DAYS)) errors[name] = message;
    return n;
  };
  const warrantyDays = whole('warranty_days', 0, TEXT.days, false);
  const limits: AgeingLimits = { normal: {}, returned: {}, external: {}, parts: {} };
  for (const f of AGEING_FIELDS) {
    const n = whole(ageingFieldName(f.kind, f.code), 1, TEXT.limit, true);
    // A blank limit is no limit: the lists read a very long one as never late.
    limits[f.kind][String(f.code)] = n ?? MAX_WARRANTY_DAYS;
  }
  const templates = {} as Templates;
  for (const key of TEMPLATE_KEYS) {
    const name = templateFieldName(key);
    const typed = textOf(body, name).trim();
    values[name] = typed;
    const unknown = unknownPlaceholders(typed);
    if (!typed) errors[name] = TEXT.template;
    else if (unknown.length > 0) {
      errors[name] =
        `Campo desconhecido: ${unknown.map((n) => `{${n}}`).join(', ')}. Use ${PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`;
    }
    templates[key] = typed;
  }
  return {
    values,
    errors,
    body: { warranty_days: warrantyDays ?? 0, ageing_limits: limits, whatsapp_templates: templates },
  };
}

const PAGE = '/configuracoes/atendimento';

export function clientSideSettingsRoutes(deps: WebDeps): Router {
  const router = Router();
  const show = (
    req: Request,
    res: Response,
    values: Record<string, string>,
    errors?: Record<string, string>,
    status = 200,
    toasts: Toast[] = [],
  ) =>
    deps.render(req, res, createElement(ClientSideSettings, { values, errors }), {
      title: 'Atendimento ao cliente',
      status,
      toasts,
    });

  router.get(PAGE, requireManagerSession, async (req, res) => {
    // Not a call of SPEC §7: a backend known to lack the client's side is not asked again.
    const settings = extrasKnownMissing(deps.env.apiUrl)
      ? ({ ok: false, status: 404, message: '' } as const)
      : await getShopSettings(req.api);
    noteExtraFailure(deps.env.apiUrl, settings);
    if (!settings.ok) {
      flash(req, 'error', TEXT.unavailable);
      return res.redirect(303, '/configuracoes');
    }
    // A refused save comes back as this GET (post/redirect/get) with the typing and the errors.
    const restored = await restoredDraft(deps, req);
    if (restored) return show(req, res, restored.values, restored.errors, 200, restored.toasts);
    show(req, res, valuesOf(settings.data));
  });

  router.post(PAGE, requireManagerSession, async (req, res) => {
    const form = parseForm(req.body);
    // The toast too: a template's field may be far down the page, and the save must not look done.
    if (Object.keys(form.errors).length > 0) {
      return backToCreateForm(deps, req, res, PAGE, { errors: form.errors, toast: TEXT.failed });
    }
    const saved = await putShopSettings(req.api, form.body);
    // Even a save that timed out may have reached the database: the lists ask for the limits anew.
    forgetAgeingLimits(deps.env.apiUrl);
    if (!saved.ok) {
      const issues: Record<string, string> = {};
      for (const [path, message] of Object.entries(saved.issues ?? {})) {
        const [part, key, code] = path.split('.');
        if (part === 'warranty_days') issues.warranty_days = message;
        if (part === 'whatsapp_templates' && key) issues[templateFieldName(key)] = message;
        if (part === 'ageing_limits' && key && code) issues[`limite_${key}_${code}`] = message;
      }
      if (saved.status === 400)
        return backToCreateForm(deps, req, res, PAGE, { errors: issues, toast: TEXT.failed });
      return show(req, res, form.values, issues, 502, [{ kind: 'error', text: TEXT.failed }]);
    }
    flash(req, 'success', TEXT.saved);
    res.redirect(303, PAGE);
  });
  return router;
}
