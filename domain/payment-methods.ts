/** How a client pays. Stored as its text, so an existing backend's free-text values still read. */
export const PAYMENT_METHODS = [
  'Dinheiro',
  'Pix',
  'Cartão de Débito',
  'Cartão de Crédito',
  'Transferência',
  'Boleto',
  'Cheque',
] as const;

/** What a form or the api says of a method that is not one of the list. */
export const PAYMENT_METHOD_UNKNOWN = 'Selecione uma forma de pagamento da lista';

/** One of the methods the forms offer, exactly as offered. */
export function isPaymentMethod(text: string): boolean {
  return (PAYMENT_METHODS as readonly string[]).includes(text);
}

/**
 * Whether a write may carry this method: one of the list, or — on an edit — the very value the record
 * already has (an older backend's free text stays editable; it is only never typed anew).
 */
export function acceptsPaymentMethod(text: string, kept?: string | null): boolean {
  return isPaymentMethod(text) || (Boolean(kept) && text === kept);
}
