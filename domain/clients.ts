/** A client's fields (SPEC §3 Client), as the api stores and answers them and the forms send them. */

/** In the order the api answers them and the client form shows them. */
export const CLIENT_FIELD_NAMES = [
  'name',
  'cpf',
  'cnpj',
  'email',
  'phone1',
  'phone2',
  'phone3',
  'zip_code',
  'address',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
] as const;

export type ClientFieldName = (typeof CLIENT_FIELD_NAMES)[number];

/** The name is required; every other field may be empty (null). */
export type ClientFields = { name: string } & {
  [field in Exclude<ClientFieldName, 'name'>]: string | null;
};
