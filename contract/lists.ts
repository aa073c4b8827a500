/** One row of the lists SPEC §7 answers: GET /service-orders, /service-orders/{kind}, /orders. */
export type OrderListItem = {
  id: number | string;
  number: string;
  status: number;
  type?: string | number;
  product_name?: string | null;
  piece_name?: string | null;
  client?: { name?: string | null } | null;
};

/** An order as a client's record lists it (GET /clients, GET /clients/{id}). */
export type OrderSummary = {
  id: number | string;
  number: string;
  status: number;
  product_name?: string | null;
  piece_name?: string | null;
  created_at?: string;
};
