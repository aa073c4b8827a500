/**
 * CPF, CNPJ (numeric and the alphanumeric format of 2026) and CEP: normalising, checking and showing.
 * Check digits come from cpf-cnpj-validator, a maintained library, never from a hand-written rule.
 */
import { cnpj, cpf } from 'cpf-cnpj-validator';

/** Only the digits of a text. */
export function digitsOf(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

/** A CPF as stored: 11 digits. */
export function normalizeCpf(text: string): string {
  return digitsOf(text);
}

/** A CNPJ as stored: 14 characters, digits and upper-case letters (alphanumeric CNPJ). */
export function normalizeCnpj(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export function isValidCpf(text: string): boolean {
  const value = normalizeCpf(text);
  return value.length === 11 && cpf.isValid(value);
}

export function isValidCnpj(text: string): boolean {
  const value = normalizeCnpj(text);
  return value.length === 14 && cnpj.isValid(value);
}

/** 000.000.000-00, or the text as it is when it is not 11 digits. */
export function formatCpf(value: string | null | undefined): string {
  const v = normalizeCpf(value ?? '');
  return v.length === 11 ? cpf.format(v) : (value ?? '');
}

/** 00.000.000/0000-00 (letters allowed in the first twelve places). */
export function formatCnpj(value: string | null | undefined): string {
  const v = normalizeCnpj(value ?? '');
  return v.length === 14 ? cnpj.format(v) : (value ?? '');
}

/** A CEP as stored: 8 digits, left-padded with zeros (SPEC §5); null when it cannot be one. */
export function normalizeCep(text: string | null | undefined): string | null {
  const d = digitsOf(text);
  if (d.length === 0 || d.length > 8) return null;
  return d.padStart(8, '0');
}

/** 00000-000 */
export function formatCep(value: string | null | undefined): string {
  const v = normalizeCep(value);
  return v ? `${v.slice(0, 5)}-${v.slice(5)}` : (value ?? '');
}
