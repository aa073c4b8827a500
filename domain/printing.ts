/** The print queue's words: the papers a print server holds and what a job's state reads as. */
import { formatDisplayMoment } from './dates.ts';

export type Paper = 'a4' | '80mm';
export type JobStatus = 'queued' | 'printed' | 'failed' | 'expired';

export const PAPER_OPTIONS: readonly { value: Paper; label: string }[] = [
  { value: 'a4', label: 'A4' },
  { value: '80mm', label: 'Térmica 80 mm' },
];

export const paperLabel = (paper: string) => PAPER_OPTIONS.find((o) => o.value === paper)?.label ?? paper;

const STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'na fila',
  printed: 'impresso',
  failed: 'falhou',
  expired: 'expirado',
};

/**
 * 'na fila', 'imprimindo' (a print server has it in hand), 'impresso', 'falhou: sem papel', 'expirado'.
 */
export function jobStatusText(status: JobStatus, reason: string | null, printing = false): string {
  if (status === 'queued' && printing) return 'imprimindo';
  const label = STATUS_LABELS[status] ?? status;
  return status === 'failed' && reason ? `${label}: ${reason}` : label;
}

/** How many copies one job may ask for. */
export const MAX_COPIES = 20;

/** A moment as the shop reads it: "23/11/2026 20:46", or 'nunca' when there is none. */
export function momentText(value: string | null, tz: string): string {
  return value ? formatDisplayMoment(value, tz) : 'nunca';
}
