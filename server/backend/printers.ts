/**
 * Print servers and the print queue: our api's calls, beyond SPEC §7 (a backend that follows only
 * SPEC §7 answers 404, and the sheets then offer only the print links). The print server's own calls
 * carry its device key, never a session.
 */
import type { JobStatus, Paper } from '../../domain/printing.ts';
import type { ApiResult, Backend } from './client.ts';
import type { ApiHttp } from './http.ts';

export type Printer = {
  id: number;
  name: string;
  paper: Paper;
  note: string | null;
  has_key: boolean;
  last_seen_at: string | null;
  created_at: string;
};

export type PrintJob = {
  id: string;
  printer_id: number;
  printer_name: string;
  paper: Paper;
  sheet_path: string;
  title: string;
  copies: number;
  status: JobStatus;
  reason: string | null;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
  /** Our api: a print server has taken the job and not reported it yet (absent from older backends). */
  printing?: boolean;
};

export type PrinterWithKey = { printer: Printer; key: string };

export function listPrinters(backend: Backend): Promise<ApiResult<Printer[]>> {
  return backend.call<Printer[]>('GET', '/printers', { extra: true });
}

export function registerPrinter(
  backend: Backend,
  body: { name: string; paper: string; note: string },
): Promise<ApiResult<PrinterWithKey>> {
  return backend.call<PrinterWithKey>('POST', '/printers', { body });
}

export function renewKey(backend: Backend, id: number): Promise<ApiResult<PrinterWithKey>> {
  return backend.call<PrinterWithKey>('POST', `/printers/${id}/key`);
}

export function revokeKey(backend: Backend, id: number): Promise<ApiResult<Printer>> {
  return backend.call<Printer>('DELETE', `/printers/${id}/key`);
}

export function sendJob(
  backend: Backend,
  printerId: number,
  body: {
    request_key: string;
    sheet_path: string;
    title: string;
    html: string;
    copies: number;
    expires_in_minutes: number;
  },
): Promise<ApiResult<PrintJob>> {
  return backend.call<PrintJob>('POST', `/printers/${printerId}/jobs`, { body });
}

export function jobsOfSheet(backend: Backend, sheetPath: string): Promise<ApiResult<PrintJob[]>> {
  return backend.call<PrintJob[]>('GET', '/print-jobs', { query: { sheet: sheetPath }, extra: true });
}

/** What the print server's calls answer, as they came: the door passes status and body on. */
export type DeviceReply = { status: number; body: unknown };

const asDevice = (key: string) => ({ authorization: `Bearer ${key}` });

/** The printer's waiting jobs, the api waiting up to `waitSeconds` for one. */
export function devicePending(
  http: ApiHttp,
  key: string,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<DeviceReply> {
  return http.send('GET', '/print-queue', {
    headers: asDevice(key),
    query: { wait: waitSeconds },
    timeoutMs: (waitSeconds + 10) * 1000,
    ...(signal ? { signal } : {}),
  });
}

export function deviceReport(
  http: ApiHttp,
  key: string,
  id: string,
  body: { status: 'printed' | 'failed'; reason?: string },
): Promise<DeviceReply> {
  return http.send('POST', `/print-queue/${encodeURIComponent(id)}`, { headers: asDevice(key), body });
}

export function deviceSheet(http: ApiHttp, key: string, id: string): Promise<DeviceReply> {
  return http.send('GET', `/print-queue/${encodeURIComponent(id)}/sheet`, { headers: asDevice(key) });
}
