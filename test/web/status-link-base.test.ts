/**
 * Where a status link points, and who can open it: the warning the order page gives depends on it. The
 * Host header is the visitor's to write: a public name nobody configured never becomes a client's link.
 */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { linkBase } from '../../server/client-side/links.ts';
import { isKnownHost } from '../../server/link-hosts.ts';

const asked = (host: string) =>
  ({ protocol: 'http', get: () => host, socket: { localPort: 3000 } }) as unknown as Request;
const none = { PUBLIC_HOSTS: '' };

describe('status link base', () => {
  it('PUBLIC_URL: anyone; the shop network address: the shop; localhost or a loopback: this computer only', () => {
    expect(
      linkBase(asked('localhost:3000'), { PUBLIC_URL: 'https://loja.example.com/', PUBLIC_HOSTS: '' }),
    ).toEqual({ base: 'https://loja.example.com', reach: 'public' });
    expect(linkBase(asked('192.168.0.10:3000'), none)).toEqual({
      base: 'http://192.168.0.10:3000',
      reach: 'shop',
    });
    expect(linkBase(asked('balcao.local'), none).reach).toBe('shop');
    expect(linkBase(asked('servidor:3000'), none).reach).toBe('shop');
    for (const host of ['localhost:3000', 'LOCALHOST', '127.0.0.1:8080', '[::1]:3000']) {
      expect(linkBase(asked(host), none).reach, host).toBe('computer');
    }
  });

  it('a public name or address nobody configured is not carried: the link goes to this machine, with why', () => {
    // '134744072' and '0x08080808' are 8.8.8.8 to a browser: judged as that address, not as a name.
    for (const host of [
      'evil.example',
      'evil.example:3000',
      '8.8.8.8:3000',
      '[2001:db8::1]:3000',
      '134744072:3000',
      '0x08080808',
    ]) {
      const base = linkBase(asked(host), none);
      expect(base.reach, host).toBe('unknown');
      expect(base.ignoredHost).toBe(host);
      expect(base.base).not.toContain('evil');
      expect(base.base).toMatch(/^http:\/\/[^/]+:3000$/);
    }
    // Listed by the shop: carried as asked, and no 'only inside the shop' warning for a name it chose.
    expect(linkBase(asked('bancada.minhaloja.com.br'), { PUBLIC_HOSTS: 'bancada.minhaloja.com.br' })).toEqual(
      { base: 'http://bancada.minhaloja.com.br', reach: 'public' },
    );
  });

  it('knows the shop network by its addresses and names, and nothing with odd characters', () => {
    for (const host of [
      '10.0.0.5',
      '172.20.1.1:80',
      '192.168.1.20',
      '[fe80::1]',
      'caixa',
      'loja.local:3000',
    ]) {
      expect(isKnownHost(host, ''), host).toBe(true);
    }
    for (const host of ['172.32.0.1', 'loja.com', 'a.b.local.evil.com', '', 'evil.example@10.0.0.1', 'x y']) {
      expect(isKnownHost(host, ''), host).toBe(false);
    }
  });
});
