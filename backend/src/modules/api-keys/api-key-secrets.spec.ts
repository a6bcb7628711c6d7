import { bearerKey, hashApiKey, newApiKey, sameHash } from './api-key-secrets.js';

describe('API key secrets', () => {
  it('makes keys of the documented form, each unique, with a prefix that starts them', () => {
    const keys = Array.from({ length: 50 }, () => newApiKey());
    for (const k of keys) {
      expect(k.key).toMatch(/^fsk_[A-Za-z0-9_-]{10}_[A-Za-z0-9_-]{43}$/);
      expect(k.key.startsWith(`${k.prefix}_`)).toBe(true);
      expect(k.hash).toBe(hashApiKey(k.key));
      expect(k.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(50);
  });

  it('reads only a Bearer header holding a key of that form', () => {
    const { key } = newApiKey();
    expect(bearerKey(`Bearer ${key}`)).toBe(key);
    expect(bearerKey(`bearer   ${key}  `)).toBe(key);
    for (const bad of [
      key,
      `Basic ${key}`,
      `Bearer ${key}x`,
      `Bearer ${key} extra`,
      'Bearer ',
      42,
      null,
      `Bearer ${'a'.repeat(300)}`,
    ]) {
      expect(bearerKey(bad)).toBeNull();
    }
  });

  it('compares hashes in constant time, refusing empty or malformed ones', () => {
    const h = hashApiKey('x');
    expect(sameHash(h, h)).toBe(true);
    expect(sameHash(h, hashApiKey('y'))).toBe(false);
    expect(sameHash('', '')).toBe(false);
    expect(sameHash(h, h.slice(2))).toBe(false);
  });
});
