/**
 * Whether the api behind this web has our reports (docs/decisions/022). They are beyond SPEC §7: a
 * backend that follows only the SPEC answers 404, and then the Painel's menu entry and the exports are
 * hidden. Learned from the reports' own answers, per api client, and forgotten after a while so an
 * upgraded backend shows them again without a restart.
 */
import type { ApiHttp } from './backend/http.ts';

const FORGET_AFTER_MS = 10 * 60_000;
const known = new WeakMap<ApiHttp, { has: boolean; at: number }>();

/** Records what a reports call answered: 404 means no reports here; a success means they are. */
export function noteReportAnswer(http: ApiHttp, status: number): void {
  if (status === 404) known.set(http, { has: false, at: Date.now() });
  else if (status >= 200 && status < 300) known.set(http, { has: true, at: Date.now() });
}

/** False only once the backend said it has no reports (and recently); unknown counts as having them. */
export function hasReports(http: ApiHttp): boolean {
  const k = known.get(http);
  if (!k || Date.now() - k.at > FORGET_AFTER_MS) return true;
  return k.has;
}
