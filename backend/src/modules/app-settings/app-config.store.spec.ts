import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { CONFIG_KEYS, readStoredConfig, sealSetting } from './app-config.store.js';

function fakeDb(rows: { key: string; value_sealed: string }[]): DataSource {
  const at = new Date('2026-01-05T10:00:00Z');
  return {
    query: async () => rows.map((r) => ({ ...r, updated_at: at, updated_by: 'u1' })),
  } as unknown as DataSource;
}

/** The users module's answer: user u1 is root@x.test. */
const authors = {
  namesByIds: async (ids: readonly string[]) =>
    new Map(ids.filter((id) => id === 'u1').map((id) => [id, { name: 'Root', email: 'root@x.test' }])),
};

describe('app config store', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a value so that the plaintext is not in the stored form, and opens it back', async () => {
    const sealed = sealSetting(box, 'faireApplicationSecret', 'very-secret-value');
    expect(sealed).not.toContain('very-secret-value');
    const stored = await readStoredConfig(
      fakeDb([{ key: CONFIG_KEYS.faireApplicationSecret, value_sealed: sealed }]),
      box,
      authors,
    );
    expect(stored.faireApplicationSecret).toMatchObject({
      value: 'very-secret-value',
      updatedByEmail: 'root@x.test',
    });
  });

  it('binds a value to its key: a sealed value moved to another key, or another key, does not open', async () => {
    const sealed = sealSetting(box, 'googleClientSecret', 'google-secret');
    const other = new SecretBox(randomBytes(32));
    const stored = await readStoredConfig(
      fakeDb([
        { key: CONFIG_KEYS.faireApplicationSecret, value_sealed: sealed },
        { key: CONFIG_KEYS.googleClientSecret, value_sealed: sealSetting(other, 'googleClientSecret', 'x') },
        { key: 'unknown_key', value_sealed: sealed },
      ]),
      box,
      authors,
    );
    expect(stored).toEqual({});
  });
});
