import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('sbx_brand1_token', 'user-1');
    expect(sealed).not.toContain('sbx_brand1_token');
    expect(box.open(sealed, 'user-1')).toBe('sbx_brand1_token');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses a value bound to another owner, a tampered value, or another key', () => {
    const sealed = box.seal('secret', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'user-1')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'user-1')).toThrow();
  });
});
