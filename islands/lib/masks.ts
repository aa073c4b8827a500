/** Masks applied while typing: the text keeps only what the document allows, in its official shape. */

function shape(value: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= value.length) break;
    if (slot === '#') out += value[i++];
    else out += slot;
  }
  return out;
}

export const maskCpf = (text: string) => shape(text.replace(/\D/g, '').slice(0, 11), '###.###.###-##');

/** CNPJ: the first twelve places may be letters (the alphanumeric format of 2026). */
export const maskCnpj = (text: string) =>
  shape(
    text
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '')
      .slice(0, 14),
    '##.###.###/####-##',
  );

export const maskCep = (text: string) => shape(text.replace(/\D/g, '').slice(0, 8), '#####-###');
