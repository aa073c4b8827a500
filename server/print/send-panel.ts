/**
 * What a sheet shows under "Enviar para a impressora": the registered print servers that have a key,
 * the one this person used last, and the jobs sent from this sheet with their state. A backend without
 * a print queue (SPEC §7 only) answers 404 to these calls: the panel is then left out.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { jobStatusText, momentText } from '../../domain/printing.ts';
import type { SendPanel } from '../../print-templates/SendToPrinter.tsx';
import { extrasOf } from '../backend/extras.ts';
import { jobsOfSheet, listPrinters, type PrintJob } from '../backend/printers.ts';
import type { WebDeps } from '../context.ts';
import { takeFlash } from '../middleware/flash.ts';

/** A sheet's path without what only changes how it opens (a link shown, the print dialog, the paper). */
export function sheetKey(url: string): string {
  const parsed = new URL(url, 'http://sheet.local');
  for (const param of ['link', 'imprimir', 'papel']) parsed.searchParams.delete(param);
  return parsed.pathname + parsed.search;
}

export const NO_THERMAL = 'Esta folha não tem formato de 80 mm: escolha uma impressora A4';
const NO_THERMAL_HINT = 'Esta folha não tem formato de 80 mm: as impressoras térmicas não aparecem aqui.';

const copiesText = (n: number) => (n === 1 ? '1 cópia' : `${n} cópias`);

/**
 * The jobs sent from a sheet as it lists them ("Balcão · 2 cópias · 23/11/2026 20:46 · na fila"), and
 * whether one is still to be printed: the sheet then asks again for their state (/estado-impressao).
 */
export function jobLines(deps: WebDeps, jobs: readonly PrintJob[]) {
  return {
    jobs: jobs.map((j) => ({
      id: j.id,
      text: `${j.printer_name} · ${copiesText(j.copies)} · ${momentText(j.created_at, deps.env.SHOP_TZ)} · ${jobStatusText(j.status, j.reason, j.printing === true)}`,
    })),
    pending: jobs.some((j) => j.status === 'queued'),
  };
}

/**
 * `thermal`: the sheet has an 80 mm layout. Without one an 80 mm print server is not offered: the A4
 * sheet would come out shrunk to the roll's width.
 */
export async function sendPanel(
  deps: WebDeps,
  req: Request,
  path: string,
  sheet: { thermal: boolean },
): Promise<SendPanel | null> {
  // Not a call of SPEC §7: asked again only after a while once the backend said it lacks it (extras.ts).
  const extras = extrasOf(deps.http);
  if (!extras.usable('print-queue')) return null;
  const [printers, jobs] = await Promise.all([listPrinters(req.api), jobsOfSheet(req.api, path)]);
  if (!printers.ok) extras.lacking('print-queue', printers);
  if (!printers.ok || !Array.isArray(printers.data)) return null;
  const withKey = printers.data.filter((p) => p.has_key);
  const usable = withKey
    .filter((p) => sheet.thermal || p.paper !== '80mm')
    .map((p) => ({ id: p.id, name: p.name }));
  const last = req.session.lastPrinterId;
  const refused = req.session.printSendError;
  if (refused) delete req.session.printSendError;
  return {
    path,
    requestKey: randomUUID(),
    printers: usable,
    selected: usable.some((p) => p.id === last) ? (last ?? null) : null,
    noThermal: usable.length < withKey.length ? NO_THERMAL_HINT : null,
    errors: refused?.path === path ? { [refused.field]: refused.text } : {},
    ...jobLines(deps, jobs.ok && Array.isArray(jobs.data) ? jobs.data : []),
    notices: takeFlash(req),
  };
}
