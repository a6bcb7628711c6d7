import {
  mailAddress,
  mailTokenHash,
  newMailToken,
  normaliseSender,
  tokenOfRecipient,
} from './inbound-address.js';

describe('mail-in addresses', () => {
  it('makes 32-character lower-case tokens, each new', () => {
    const a = newMailToken();
    expect(a).toMatch(/^[a-z2-7]{32}$/);
    expect(newMailToken()).not.toBe(a);
    expect(mailTokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the token of our addresses only, whatever their case', () => {
    const token = newMailToken();
    const address = mailAddress(token, 'inbound.example.com');
    expect(tokenOfRecipient(address, 'inbound.example.com')).toBe(token);
    expect(tokenOfRecipient(address.toUpperCase(), 'inbound.example.com')).toBe(token);
    expect(tokenOfRecipient(address, 'other.example.com')).toBeNull();
    expect(tokenOfRecipient(`orders+${token}@inbound.example.com`, 'inbound.example.com')).toBeNull();
    expect(tokenOfRecipient('shipments+short@inbound.example.com', 'inbound.example.com')).toBeNull();
    expect(tokenOfRecipient('shipments@inbound.example.com', 'inbound.example.com')).toBeNull();
  });

  it('keeps senders as lower-case addresses and refuses anything else', () => {
    expect(normaliseSender('  Ops@Warehouse.example ')).toBe('ops@warehouse.example');
    expect(normaliseSender('not an address')).toBeNull();
    expect(normaliseSender('a@b')).toBeNull();
  });
});
