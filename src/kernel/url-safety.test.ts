import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPublicAddress, webhookUrlProblem, type Resolve } from './url-safety.js';

const fakeDns: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'inside.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
  'v6.example.com': ['2606:4700::1111'],
  'metadata.example.com': ['169.254.169.254'],
};
const resolve: Resolve = async (h) => {
  const a = fakeDns[h];
  if (!a) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return a;
};

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700::1111', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:8.8.8.8', false],
    ['ff02::1', false],
    ['not-an-ip', false],
  ])('%s public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  it('property: every 10.x, 127.x, 192.168.x and 169.254.x address is refused', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.constantFrom('10', '127', '192.168', '169.254'), octet, octet, octet, (prefix, a, b, c) => {
        const parts = prefix.split('.').concat([a, b, c].map(String)).slice(0, 4);
        return !isPublicAddress(parts.join('.'));
      }),
    );
  });
});

describe('webhookUrlProblem', () => {
  it.each([
    ['https://hooks.example.com/wh', 'production', null],
    ['https://93.184.216.34/wh', 'production', null],
    ['https://v6.example.com/wh', 'production', null],
    ['https://[2606:4700::1111]/wh', 'production', null],
    ['http://hooks.example.com/wh', 'production', 'must be https'],
    ['http://localhost:3000/wh', 'production', 'must be https'],
    ['https://localhost/wh', 'production', 'host name does not resolve'],
    ['https://127.0.0.1/wh', 'production', 'must not point to a private, loopback or link-local address'],
    ['https://2130706433/wh', 'production', 'must not point to a private, loopback or link-local address'],
    ['https://0x7f.1/wh', 'production', 'must not point to a private, loopback or link-local address'],
    ['https://[::1]/wh', 'production', 'must not point to a private, loopback or link-local address'],
    ['https://[::ffff:127.0.0.1]/wh', 'production', 'must not point to a private, loopback or link-local address'],
    ['https://169.254.169.254/latest', 'production', 'must not point to a private, loopback or link-local address'],
    ['https://inside.example.com/wh', 'production', 'must not resolve to a private, loopback or link-local address'],
    ['https://mixed.example.com/wh', 'production', 'must not resolve to a private, loopback or link-local address'],
    ['https://metadata.example.com/wh', 'production', 'must not resolve to a private, loopback or link-local address'],
    ['https://nowhere.example.com/wh', 'production', 'host name does not resolve'],
    ['https://user:pw@hooks.example.com/wh', 'production', 'must not carry credentials'],
    ['ftp://hooks.example.com/wh', 'production', 'must be an https URL'],
    ['not a url', 'production', 'must be an absolute URL'],
    ['http://localhost:3000/wh', 'sandbox', null],
    ['http://127.0.0.1:3000/wh', 'sandbox', null],
    ['http://[::1]:3000/wh', 'sandbox', null],
    ['https://localhost/wh', 'sandbox', null],
    ['http://hooks.example.com/wh', 'sandbox', 'must be https (or http://localhost in the sandbox)'],
    ['http://10.0.0.5/wh', 'sandbox', 'must be https (or http://localhost in the sandbox)'],
    ['https://10.0.0.5/wh', 'sandbox', 'must not point to a private, loopback or link-local address'],
    ['https://inside.example.com/wh', 'sandbox', 'must not resolve to a private, loopback or link-local address'],
  ] as const)('%s in %s -> %s', async (url, env, problem) => {
    expect(await webhookUrlProblem(url, env, resolve)).toBe(problem);
  });
});
