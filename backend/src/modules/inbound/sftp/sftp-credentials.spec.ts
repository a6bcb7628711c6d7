import ssh2 from 'ssh2';

const { utils } = ssh2;
import {
  ed25519KeyPair,
  hashSftpPassword,
  keyFingerprint,
  parseSftpPublicKey,
  sftpPasswordMatches,
  sftpUsername,
} from './sftp-credentials.js';

describe('SFTP credentials', () => {
  it('stores a password as a salted scrypt hash and compares it', async () => {
    const hash = await hashSftpPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct');
    expect(await hashSftpPassword('correct horse battery')).not.toBe(hash);
    expect(await sftpPasswordMatches('correct horse battery', hash)).toBe(true);
    expect(await sftpPasswordMatches('correct horse batterY', hash)).toBe(false);
    expect(await sftpPasswordMatches('', null)).toBe(false);
    expect(await sftpPasswordMatches('anything at all', null)).toBe(false);
  });

  it('reads an OpenSSH public key: type, fingerprint as ssh-keygen prints it, comment', () => {
    const pair = ed25519KeyPair('ops@3pl');
    const key = parseSftpPublicKey(`  ${pair.public}\n`);
    if (typeof key === 'string') throw new Error(key);
    expect(key.type).toBe('ssh-ed25519');
    expect(key.comment).toBe('ops@3pl');
    expect(key.openssh).toBe(pair.public.split(' ').slice(0, 2).join(' '));
    const blob = Buffer.from(pair.public.split(' ')[1]!, 'base64');
    expect(key.fingerprint).toBe(keyFingerprint(blob));
    expect(key.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('accepts RSA of 2048 bits and ECDSA, refuses short RSA, private keys and anything else', () => {
    expect(typeof parseSftpPublicKey(utils.generateKeyPairSync('rsa', { bits: 2048 }).public)).toBe('object');
    expect(typeof parseSftpPublicKey(utils.generateKeyPairSync('ecdsa', { bits: 256 }).public)).toBe(
      'object',
    );
    expect(parseSftpPublicKey(utils.generateKeyPairSync('rsa', { bits: 1024 }).public)).toBe(
      'RSA keys must have at least 2048 bits',
    );
    const pair = ed25519KeyPair();
    expect(parseSftpPublicKey(pair.private)).toMatch(/private key/);
    expect(parseSftpPublicKey('')).toBe('The public key is empty');
    expect(parseSftpPublicKey('ssh-ed25519 AAAAnotakey')).toMatch(/Not an OpenSSH public key/);
    expect(parseSftpPublicKey('hello')).toMatch(/Not an OpenSSH public key/);
    expect(parseSftpPublicKey(`${pair.public}\n${pair.public}`)).toBe('Paste one public key, on one line');
  });

  it('derives a username that is not secret from the company id', () => {
    expect(sftpUsername('1A2B3C4D-5E6F-7081-92a3-b4c5d6e7f809')).toBe('brand-1a2b3c4d5e6f');
  });
});

describe('ed25519KeyPair', () => {
  it('makes pairs ssh2 reads back, even where its own generator writes some it cannot read', () => {
    for (let i = 0; i < 1500; i++) {
      const pair = ed25519KeyPair();
      const priv = utils.parseKey(pair.private);
      const pub = utils.parseKey(pair.public);
      expect(priv instanceof Error || Array.isArray(priv) ? String(priv) : priv.isPrivateKey()).toBe(true);
      expect(pub instanceof Error || Array.isArray(pub) ? String(pub) : pub.isPrivateKey()).toBe(false);
    }
  });
});
