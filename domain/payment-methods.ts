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
