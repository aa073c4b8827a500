/** Where a status link points, and who can open it: the warning the order page gives depends on it. */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { linkBase } from '../../server/client-side/links.ts';

const asked = (host: string) => ({ protocol: 'http', get: () => host }) as unknown as Request;

describe('status link base', () => {
  it('PUBLIC_URL: anyone; the shop network address: the shop; localhost or a loopback: this computer only', () => {
    expect(linkBase(asked('localhost:3000'), 'https://loja.example.com/')).toEqual({
      base: 'https://loja.example.com',
      reach: 'public',
    });
    expect(linkBase(asked('192.168.0.10:3000'), undefined)).toEqual({
      base: 'http://192.168.0.10:3000',
      reach: 'shop',
    });
    expect(linkBase(asked('balcao.local'), undefined).reach).toBe('shop');
    for (const host of ['localhost:3000', 'LOCALHOST', '127.0.0.1:8080', '[::1]:3000']) {
      expect(linkBase(asked(host), undefined).reach, host).toBe('computer');
    }
  });
});
