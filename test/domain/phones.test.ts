import { describe, expect, it } from 'vitest';
import { phoneShown, phonesShown } from '../../domain/client-view.ts';

describe('phones as people read them', () => {
  it('a Brazilian number with its DDD, however typed, in the usual shape', () => {
    expect(phoneShown('11987654321')).toBe('(11) 98765-4321');
    expect(phoneShown('1133334444')).toBe('(11) 3333-4444');
    expect(phoneShown(' 11 98765 4321 ')).toBe('(11) 98765-4321');
    expect(phoneShown('(11)3333-4444')).toBe('(11) 3333-4444');
  });

  it("with Brazil's country code or a long-distance 0 in front, the same shape", () => {
    expect(phoneShown('5511987654321')).toBe('(11) 98765-4321');
    expect(phoneShown('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(phoneShown('+55 (11) 3333-4444')).toBe('(11) 3333-4444');
    expect(phoneShown('011 98765-4321')).toBe('(11) 98765-4321');
    // DDD 55 (Rio Grande do Sul) is a number within Brazil, not a country code.
    expect(phoneShown('55987654321')).toBe('(55) 98765-4321');
  });

  it('anything else as it was typed: abroad, an extension, too short, empty', () => {
    expect(phoneShown('+1 415 555 0100')).toBe('+1 415 555 0100');
    expect(phoneShown('+351 912 345 678')).toBe('+351 912 345 678');
    expect(phoneShown('3333-4444 ramal 12')).toBe('3333-4444 ramal 12');
    expect(phoneShown('98765-4321')).toBe('98765-4321');
    expect(phoneShown('0800 123 4567')).toBe('0800 123 4567');
    expect(phoneShown(null)).toBe('');
    expect(phoneShown('  ')).toBe('');
  });

  it("a client's phones on one line, the empty ones left out", () => {
    expect(phonesShown({ phone1: '11987654321', phone2: null, phone3: '1133334444' })).toBe(
      '(11) 98765-4321 / (11) 3333-4444',
    );
    expect(phonesShown({ phone1: '', phone2: null, phone3: undefined })).toBe('');
  });
});
