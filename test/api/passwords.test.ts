/**
 * Password hashing under a rush of sign-ins: scrypt jobs wait for one of two slots (each holds 16 MB while
 * it runs), and every caller still gets its own answer.
 */
import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '../../api/auth/concurrency-limit.ts';
import { hashPassword, spendDecoyVerification, verifyPassword } from '../../api/auth/passwords.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrencyLimit', () => {
  it('runs at most its number of tasks at once, first come first served, each with its own result', async () => {
    const run = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(async () => {
          started.push(i);
          running++;
          most = Math.max(most, running);
          await pause(5);
          running--;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
  });

  it('gives the slot of a failed task to the next one', async () => {
    const run = concurrencyLimit(1);
    const failed = run(async () => {
      throw new Error('falhou');
    });
    const next = run(async () => 'seguiu');
    await expect(failed).rejects.toThrow('falhou');
    await expect(next).resolves.toBe('seguiu');
  });
});

describe('passwords under a rush', () => {
  it('answers every one of many simultaneous checks correctly, the decoy too', async () => {
    const stored = await hashPassword('senha-certa');
    const checks = await Promise.all(
      Array.from({ length: 8 }, (_, i) => verifyPassword(i % 2 ? 'senha-errada' : 'senha-certa', stored)),
    );
    expect(checks).toEqual([true, false, true, false, true, false, true, false]);
    await expect(Promise.all([spendDecoyVerification('x'), spendDecoyVerification('y')])).resolves.toEqual([
      undefined,
      undefined,
    ]);
  });
});
