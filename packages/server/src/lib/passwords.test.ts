import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashPassword, lowerPasswordHashCostForTests, PASSWORD_HASH_COST, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('outside tests, hashes are made at scrypt N=16384, r=8, p=1', () => {
    // A process of its own: this one has the tests' lower cost.
    const module = fileURLToPath(new URL('./passwords.ts', import.meta.url));
    const env = { ...process.env, NODE_ENV: 'production' };
    const script = `const m = await import(${JSON.stringify(module)}); console.log(await m.hashPassword('x'));`;
    const hash = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  it('a hash carries its cost, so one made at any cost verifies, and only with its password', async () => {
    lowerPasswordHashCostForTests(PASSWORD_HASH_COST);
    const strong = await hashPassword('right password');
    expect(strong).toMatch(/^scrypt\$16384\$8\$1\$/);
    lowerPasswordHashCostForTests(1024);
    const cheap = await hashPassword('right password');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    for (const stored of [strong, cheap]) {
      expect(await verifyPassword('right password', stored)).toBe(true);
      expect(await verifyPassword('wrong password', stored)).toBe(false);
    }
  });

  it('the cost can be lowered only in a test process, and only to a valid scrypt cost', () => {
    expect(() => lowerPasswordHashCostForTests(1000)).toThrow('Not a scrypt cost');
    expect(() => lowerPasswordHashCostForTests(32768)).toThrow('Not a scrypt cost');
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(() => lowerPasswordHashCostForTests(1024)).toThrow('only be lowered in tests');
    } finally {
      process.env.NODE_ENV = env;
      lowerPasswordHashCostForTests(1024);
    }
  });
});
