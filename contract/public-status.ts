/**
 * What the client's status page (/acompanhar/{token}, decision 020) receives from our api: everything it
 * may show, and nothing else of the order. One definition for the api client and the page.
 */
export type PublicStatus = {
  kind: 'normal' | 'returned' | 'external' | 'parts';
  number: string;
  item: string;
  status_text: string;
  opened_on: string;
  ready_on: string | null;
  delivered_on: string | null;
  amount_due: number | null;
  /** While the client is asked to approve the budget: its whole value ('Valor do orçamento'). */
  quote?: number | null;
  warranty_until: string | null;
  /** An external visit still to come: its booked day (yyyy-MM-dd) and period; else null. */
  scheduled_on?: string | null;
  scheduled_period?: string | null;
};
