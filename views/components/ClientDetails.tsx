import type { Client } from '../../contract/clients.ts';
import { phoneShown } from '../../domain/client-view.ts';
import { formatCep, formatCnpj, formatCpf } from '../../domain/documents.ts';
import { DetailList, type DetailRow } from './DetailList.tsx';

/** A value or a dash (SPEC §2: "a dash for empty fields"). */
export function orDash(value: string | null | undefined): string {
  return value?.trim() ? value : '-';
}

/** A client's contact and address rows, from the e-mail to the complement (Consulta shows these). */
export function clientContactRows(client: Client): DetailRow[] {
  return [
    ['E-mail', orDash(client.email)],
    ['Telefone 1', orDash(phoneShown(client.phone1))],
    ['Telefone 2', orDash(phoneShown(client.phone2))],
    ['Telefone 3', orDash(phoneShown(client.phone3))],
    ['CEP', orDash(formatCep(client.zip_code))],
    ['Rua', orDash(client.address)],
    ['Número', orDash(client.number)],
    ['Bairro', orDash(client.neighborhood)],
    ['Complemento', orDash(client.complement)],
  ];
}

/** The full details of a client, as the open screens and the order pages show them. */
export function ClientDetails({ client }: { client: Client }) {
  const rows: DetailRow[] = [
    ['Nome', orDash(client.name)],
    ['CPF', orDash(formatCpf(client.cpf))],
    ['CNPJ', orDash(formatCnpj(client.cnpj))],
    ...clientContactRows(client),
    ['Cidade', orDash(client.city)],
    ['Estado', orDash(client.state)],
  ];
  return <DetailList rows={rows} />;
}
