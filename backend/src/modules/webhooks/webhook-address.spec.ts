import { guardedLookup, isPrivateAddress, PrivateAddressError, urlProblem } from './webhook-address.js';

describe('webhook addresses', () => {
  it('refuses private, loopback, link-local, metadata and reserved addresses, v4 and v6', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '[::1]',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      'ff02::1',
      'not-an-ip',
    ]) {
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, true]);
    }
  });

  it('lets public addresses through', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
    ]) {
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, false]);
    }
  });

  it('names what is wrong with a URL', () => {
    expect(urlProblem('http://hooks.example.com/x', false)).toMatch(/must start with https/);
    expect(urlProblem('ftp://hooks.example.com/x', true)).toMatch(/must start with https/);
    expect(urlProblem('not a url', false)).toMatch(/full address/);
    expect(urlProblem('https://user:pw@hooks.example.com/', false)).toMatch(/user name or password/);
    expect(urlProblem('https://127.0.0.1:8443/x', false)).toMatch(/private, loopback or link-local/);
    expect(urlProblem('https://[::1]/x', false)).toMatch(/private/);
    expect(urlProblem('https://169.254.169.254/latest', false)).toMatch(/169\.254\.169\.254/);
    expect(urlProblem('https://localhost/x', false)).toMatch(/private/);
    expect(urlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(urlProblem('http://127.0.0.1:9/x', true)).toBeNull();
  });
});

describe('the lookup a webhook connection uses', () => {
  const resolve = (allowPrivate: boolean, host: string) =>
    new Promise<{ err: Error | null; address: unknown }>((done) =>
      guardedLookup(allowPrivate)(host, {}, (err, address) => done({ err, address })),
    );

  it('fails a name that resolves to a loopback address (checked as the connection opens)', async () => {
    const { err } = await resolve(false, 'localhost');
    expect(err).toBeInstanceOf(PrivateAddressError);
    expect(err!.message).toMatch(/localhost is (127\.0\.0\.1|::1)/);
  });

  it('resolves it when private addresses are allowed (development and tests)', async () => {
    const { err, address } = await resolve(true, 'localhost');
    expect(err).toBeNull();
    expect(isPrivateAddress(String(address))).toBe(true);
  });
});
