/**
 * The client's side of a repair (decision 020): what a status means in words for the client, which
 * statuses put the device back in the client's hands (the warranty starts there), the ageing limits per
 * status, the WhatsApp message templates and their placeholders, and day arithmetic in the shop's zone.
 */
import { type OrderKind, TERMINAL_STATUSES } from './statuses.ts';

/** Orders as the client-side features name them: a service order of any kind, or a parts order. */
export type OrderEntity = 'service_order' | 'order';

/**
 * The device as the client reads it: the product (or part) and its model, each said once. Counter staff
 * often type the model into the name too ('Tela iPhone 11' for the model 'iPhone 11'); the two are
 * joined only when neither already holds the other.
 */
export function itemShown(name: string | null | undefined, model: string | null | undefined): string {
  const [a, b] = [name?.trim() ?? '', model?.trim() ?? ''];
  const holds = (outer: string, inner: string) =>
    outer.toLocaleLowerCase('pt-BR').includes(inner.toLocaleLowerCase('pt-BR'));
  if (!b || holds(a, b)) return a;
  if (!a || holds(b, a)) return b;
  return `${a} ${b}`;
}

/** The status in one sentence meant for the client, per kind and code. */
const CLIENT_SENTENCES: Record<OrderKind, Record<number, string>> = {
  normal: {
    100: 'Seu aparelho está aguardando orçamento.',
    101: 'O orçamento do seu aparelho está pronto. Aguardamos sua aprovação.',
    102: 'Orçamento aprovado. Seu aparelho está em conserto.',
    103: 'Aguardando a chegada de peças para o conserto.',
    104: 'Seu aparelho está consertado.',
    105: 'Seu aparelho está pronto para retirada.',
    106: 'Seu aparelho foi entregue.',
    107: 'Esta ordem de serviço foi cancelada.',
    108: 'Seu aparelho foi entregue. Serviço concluído.',
    109: 'O orçamento não foi aprovado. Seu aparelho está disponível para retirada.',
    110: 'Não encontramos defeito no seu aparelho. Ele está disponível para retirada.',
    111: 'O conserto não compensa. Seu aparelho está disponível para retirada.',
    112: 'Não há peças de reposição para o seu aparelho. Ele está disponível para retirada.',
  },
  returned: {
    200: 'Seu aparelho voltou e está sendo avaliado.',
    201: 'Seu aparelho está consertado.',
    202: 'Seu aparelho está pronto para retirada.',
    203: 'Seu aparelho foi entregue.',
    204: 'Esta ordem de serviço foi cancelada.',
    205: 'Seu aparelho foi entregue. Serviço concluído.',
    206: 'O orçamento não foi aprovado. Seu aparelho está disponível para retirada.',
    207: 'Não encontramos defeito no seu aparelho. Ele está disponível para retirada.',
    208: 'O conserto não compensa. Seu aparelho está disponível para retirada.',
    209: 'Não há peças de reposição para o seu aparelho. Ele está disponível para retirada.',
  },
  external: {
    300: 'Seu atendimento está agendado.',
    301: 'Atendimento concluído.',
    302: 'Este atendimento foi cancelado.',
  },
  parts: {
    100: 'Sua peça foi encomendada. Aguardamos a chegada.',
    101: 'Sua peça chegou e está disponível para retirada.',
    102: 'Sua peça foi entregue.',
    103: 'Este pedido foi cancelado.',
    104: 'Sua peça foi entregue. Pedido concluído.',
  },
};

/**
 * Going back unrepaired: the budget turned down, no defect found, not worth it, no parts. Sent to the cash
 * from one of these (a shop may charge for the estimate), the order is completed, but nothing was repaired:
 * the client reads why, and there is no warranty.
 */
export const UNREPAIRED_STATUSES: Record<OrderKind, readonly number[]> = {
  normal: [109, 110, 111, 112],
  returned: [206, 207, 208, 209],
  external: [],
  parts: [],
};

/** What a completed order that went back unrepaired says, by the status it was sent to the cash from. */
const UNREPAIRED_DELIVERED: Record<number, string> = {
  109: 'O orçamento não foi aprovado. Seu aparelho foi entregue sem conserto.',
  110: 'Não encontramos defeito no seu aparelho. Ele foi entregue.',
  111: 'O conserto não compensava. Seu aparelho foi entregue sem conserto.',
  112: 'Não havia peças de reposição para o seu aparelho. Ele foi entregue sem conserto.',
  206: 'O orçamento não foi aprovado. Seu aparelho foi entregue sem conserto.',
  207: 'Não encontramos defeito no seu aparelho. Ele foi entregue.',
  208: 'O conserto não compensava. Seu aparelho foi entregue sem conserto.',
  209: 'Não havia peças de reposição para o seu aparelho. Ele foi entregue sem conserto.',
};

/**
 * The status in words. `closedFrom` is the status a completed order was sent to the cash from, when it
 * is known (its audit trail), so one sent from 'Orçamento Não Aprovado' does not read 'Serviço concluído';
 * `unbooked` is an external visit with no day booked yet, which is not 'agendado'; `dayGone` one whose
 * booked day has passed and the shop has not closed it yet, which is not 'agendado' either.
 */
export function clientSentence(
  kind: OrderKind,
  status: number,
  facts: { closedFrom?: number | null; unbooked?: boolean; dayGone?: boolean } = {},
): string {
  const { closedFrom } = facts;
  if (closedFrom != null && isUnrepairedClose(kind, status, closedFrom)) {
    return UNREPAIRED_DELIVERED[closedFrom] ?? 'Seu aparelho foi entregue sem conserto.';
  }
  if (kind === 'external' && status === 300 && facts.unbooked) {
    return 'Seu atendimento ainda será agendado. Entraremos em contato.';
  }
  if (kind === 'external' && status === 300 && facts.dayGone) {
    return 'Seu atendimento está em andamento. Em caso de dúvida, fale com a loja.';
  }
  return CLIENT_SENTENCES[kind][status] ?? 'Acompanhe aqui o andamento do seu pedido.';
}

function isUnrepairedClose(kind: OrderKind, status: number, closedFrom: number): boolean {
  return status === TERMINAL_STATUSES[kind].completed && UNREPAIRED_STATUSES[kind].includes(closedFrom);
}

/**
 * No repair, so no warranty: the order stands in an unrepaired status, or was sent to the cash from one.
 */
export function wentBackUnrepaired(kind: OrderKind, status: number, closedFrom: number | null): boolean {
  return (
    UNREPAIRED_STATUSES[kind].includes(status) ||
    (closedFrom !== null && isUnrepairedClose(kind, status, closedFrom))
  );
}

/** Back in the client's hands: delivered (with or without payment) or sent to cash (migration 007). */
export const DELIVERED_STATUSES: Record<OrderKind, readonly number[]> = {
  normal: [106, 108],
  returned: [203, 205],
  external: [301],
  parts: [102, 104],
};

/**
 * Cancelled, or going back unrepaired (budget not approved, no defect, not worth it, no parts): no repair
 * to pay for. A value typed on such an order is the quote the client turned down, not a bill.
 */
export const NOTHING_DUE_STATUSES: Record<OrderKind, readonly number[]> = {
  normal: [107, 109, 110, 111, 112],
  returned: [204, 206, 207, 208, 209],
  external: [302],
  parts: [103],
};

/**
 * Before the client said yes: a value typed while the budget is being made (100) is not one yet, and
 * one typed with the budget ready (101) is a quote, not a bill: the client reads 'Valor do orçamento'.
 */
export const PRICING_STATUSES: Record<OrderKind, readonly number[]> = {
  normal: [100],
  returned: [],
  external: [],
  parts: [],
};
export const QUOTE_STATUSES: Record<OrderKind, readonly number[]> = {
  normal: [101],
  returned: [],
  external: [],
  parts: [],
};

export const DEFAULT_WARRANTY_DAYS = 90;
export const MAX_WARRANTY_DAYS = 3650;

/** Days an order may stay in a status before the lists mark it, per kind and status code. */
export type AgeingLimits = Record<OrderKind, Record<string, number>>;

export const DEFAULT_AGEING_LIMITS: AgeingLimits = {
  normal: { '100': 3, '102': 7, '104': 30, '105': 30 },
  returned: { '200': 7, '201': 30, '202': 30 },
  external: {},
  parts: { '101': 30 },
};

/** The WhatsApp messages, one per moment worth telling the client about. */
export const TEMPLATE_KEYS = [
  'orcamento_pronto',
  'pronto_para_retirada',
  'sem_conserto',
  'peca_chegou',
  'andamento',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
export type Templates = Record<TemplateKey, string>;

export const TEMPLATE_LABELS: Record<TemplateKey, string> = {
  orcamento_pronto: 'Orçamento pronto',
  pronto_para_retirada: 'Pronto para retirada',
  sem_conserto: 'Sem conserto',
  peca_chegou: 'Peça chegou (pedido)',
  andamento: 'Andamento (demais status)',
};

export const PLACEHOLDERS = ['cliente', 'numero', 'aparelho', 'valor', 'link', 'loja'] as const;

/**
 * Worded around the order's number, not 'seu {aparelho}': the device's name is whatever was typed ('TV',
 * 'Geladeira', 'Caixa de som'), and a possessive would have to agree with it.
 */
export const DEFAULT_TEMPLATES: Templates = {
  orcamento_pronto:
    'Olá, {cliente}! O orçamento da O.S. {numero} ({aparelho}) está pronto: {valor}. Acompanhe: {link}',
  pronto_para_retirada:
    'Olá, {cliente}! A O.S. {numero} ({aparelho}) está pronta para retirada. Acompanhe: {link}',
  sem_conserto:
    'Olá, {cliente}! Infelizmente não foi possível fazer o conserto da O.S. {numero} ({aparelho}). O aparelho está disponível para retirada. Acompanhe: {link}',
  peca_chegou: 'Olá, {cliente}! A peça {aparelho} do pedido {numero} chegou. Acompanhe: {link}',
  andamento: 'Olá, {cliente}! Acompanhe o andamento de {numero} ({aparelho}): {link}',
};

/** Placeholders in a text that are not among PLACEHOLDERS (an empty list means the text is fine). */
export function unknownPlaceholders(text: string): string[] {
  const found = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  return [...new Set(found.filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** Which template speaks for an order in this status. */
export function templateFor(kind: OrderKind, status: number): TemplateKey {
  if (kind === 'parts') return status === 101 ? 'peca_chegou' : 'andamento';
  if (kind === 'normal' && status === 101) return 'orcamento_pronto';
  if ([104, 105, 201, 202].includes(status)) return 'pronto_para_retirada';
  if ([109, 110, 111, 112, 206, 207, 208, 209].includes(status)) return 'sem_conserto';
  return 'andamento';
}

/** The template with its placeholders filled; a placeholder without a value becomes empty. */
export function fillTemplate(text: string, values: Partial<Record<(typeof PLACEHOLDERS)[number], string>>) {
  return text.replace(/\{([a-z]+)\}/g, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as keyof typeof values] ?? '') : whole,
  );
}

/** yyyy-MM-dd plus some days, as yyyy-MM-dd (calendar arithmetic, no zone). */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole calendar days from one yyyy-MM-dd to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A phone as people read it: a Brazilian number with its DDD, typed as bare digits or with other marks,
 * with or without the country code 55 or a long-distance 0 in front, becomes (11) 98765-4321 or
 * (11) 3333-4444; anything else (a number from abroad, an extension, text) is shown as it was typed.
 */
export function phoneShown(phone: string | null | undefined): string {
  const typed = (phone ?? '').trim();
  if (/[^\d\s().+-]/.test(typed) || typed.lastIndexOf('+') > 0) return typed;
  let digits = typed.replace(/\D/g, '');
  // 12 or 13 digits cannot be a number within Brazil (DDD and at most 9 digits): 55 is the country.
  if (digits.startsWith('55') && (digits.length === 12 || digits.length === 13)) digits = digits.slice(2);
  else if (typed.startsWith('+')) return typed;
  else if (digits.startsWith('0') && (digits.length === 11 || digits.length === 12)) digits = digits.slice(1);
  const parts = /^([1-9][1-9])(9?\d{4})(\d{4})$/.exec(digits);
  if (!parts) return typed;
  return `(${parts[1]}) ${parts[2]}-${parts[3]}`;
}

/** A client's phones on one line, as the sheets print them ('' when there is none). */
export function phonesShown(client: {
  phone1?: string | null;
  phone2?: string | null;
  phone3?: string | null;
}): string {
  return [client.phone1, client.phone2, client.phone3].map(phoneShown).filter(Boolean).join(' / ');
}

/**
 * A Brazilian mobile number from a typed phone, as the digits wa.me wants after 55: DDD + 9 + 8 digits.
 * Landlines (8 digits after the DDD) and anything else are not WhatsApp numbers: null.
 */
export function mobileNumber(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('55') && digits.length === 13) digits = digits.slice(2);
  if (digits.startsWith('0') && digits.length === 12) digits = digits.slice(1);
  return /^[1-9][1-9]9\d{8}$/.test(digits) ? digits : null;
}
