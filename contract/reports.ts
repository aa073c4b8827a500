/** Our api's reports beyond SPEC §7 (docs/decisions/022), and their totals as the web shapes them. */

export type ReportKind = 'normal' | 'returned' | 'external' | 'parts';
export type WindowCounts = { 1: number; 7: number; 30: number };
export type StatusGroup = { kind: ReportKind; status: number; count: number; oldest: string };
export type CashCell = {
  date: string;
  type: number;
  payment_method: string | null;
  count: number;
  value: number;
};

export type Dashboard = {
  date: string;
  windows: { days: 1 | 7 | 30; start: string; end: string }[];
  opened: { kind: ReportKind; counts: WindowCounts }[];
  finished: { kind: ReportKind; counts: WindowCounts }[];
  turnaround: { kind: ReportKind; count: number; average_days: number | null }[];
  waiting: StatusGroup[];
  ready_aged: { ageing_days: number; before: string; groups: StatusGroup[] };
  cash_today: CashCell[];
  revenue: CashCell[];
  technicians: { name: string; finished: number; value: number }[];
};

/** Cells per day, or per month (dated its first day in the period) past DAILY_BARS_UP_TO days. */
export type CashReport = { start: string; end: string; per?: 'day' | 'month'; cells: CashCell[] };

export type ListedOrder = {
  id: number;
  number: string;
  status: number;
  created_at: string;
  finished_at: string | null;
  updated_at: string;
  description: string | null;
  client: { name: string | null };
};

export type OrdersQuery = {
  kind: ReportKind;
  which: 'opened' | 'finished' | 'ready_aged';
  days?: number;
  technician?: string;
};

/** A span of cash per entry type: how many entries and their sum in cents. */
export type TypeLine = { type: number; label: string; count: number; cents: number };
/** A span of cash per payment method: how many entries, what came in and what went out, in cents. */
export type MethodLine = { method: string; count: number; inCents: number; outCents: number };
export type CashTotals = { byType: TypeLine[]; byMethod: MethodLine[]; balanceCents: number; count: number };
