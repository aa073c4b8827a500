import { describe, expect, it } from 'vitest';
import {
  digitsOf,
  formatCep,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  normalizeCep,
  normalizeCnpj,
} from '../../domain/documents.ts';

describe('CPF', () => {
  it('accepts real check digits, typed with or without the mask, and refuses others', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });

  it('is shown as 000.000.000-00, and anything else as it is', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('123')).toBe('123');
    expect(formatCpf(null)).toBe('');
  });
});

describe('CNPJ', () => {
  it('accepts the numeric and the alphanumeric (2026) formats by their check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
  });

  it('is stored upper-case without the mask and shown as 00.000.000/0000-00', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('CEP', () => {
  it('has 8 digits, left-padded with zeros (SPEC §5)', () => {
    expect(normalizeCep('1310100')).toBe('01310100');
    expect(normalizeCep('01001-000')).toBe('01001000');
    expect(normalizeCep('123456789')).toBeNull();
    expect(normalizeCep('')).toBeNull();
    expect(formatCep('1310100')).toBe('01310-100');
  });

  it('keeps only the digits of a text', () => {
    expect(digitsOf('(11) 98765-4321')).toBe('11987654321');
    expect(digitsOf(undefined)).toBe('');
  });
});
