import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors.js';
import { CachedZipcodes, SandboxZipcodes, toCep, ViaCepClient } from './zipcodes.client.js';

let server: Server;
let base: string;
let calls = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    calls++;
    const cep = req.url?.split('/')[1];
    if (req.url !== `/${cep}/json/`) return res.writeHead(404).end();
    if (cep === '01310100') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    }
    if (cep === '99999999') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"erro": "true"}');
    if (cep === '50000000') return res.writeHead(500).end('boom');
    if (cep === '60000000') return void setTimeout(() => res.writeHead(200).end('{}'), 1000);
    if (cep === '70000000') return res.writeHead(200, { 'content-type': 'application/json' }).end('not json');
    res.writeHead(400).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failsWith502 = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  expect(err).toMatchObject({ status: 502, code: 'INTEGRATION_ERROR' });
};

describe('ViaCepClient', () => {
  const client = () => new ViaCepClient(base, 200);
  it('maps a found CEP, and erro/400 to null', async () => {
    expect(await client().lookup('01310100')).toEqual({
      zipcode: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(await client().lookup('99999999')).toBeNull();
    expect(await client().lookup('12345678')).toBeNull();
  });
  it('turns 5xx, timeouts, bad bodies and unreachable services into 502', async () => {
    await failsWith502(client().lookup('50000000'));
    await failsWith502(client().lookup('60000000'));
    await failsWith502(client().lookup('70000000'));
    await failsWith502(new ViaCepClient('http://127.0.0.1:1', 200).lookup('01310100'));
  });
  it('is cached: hits and misses, never failures', async () => {
    const cached = new CachedZipcodes(client());
    const before = calls;
    await cached.lookup('01310100');
    await cached.lookup('01310100');
    await cached.lookup('99999999');
    await cached.lookup('99999999');
    expect(calls - before).toBe(2);
    await failsWith502(cached.lookup('50000000'));
    await failsWith502(cached.lookup('50000000'));
    expect(calls - before).toBe(4);
  });
});

describe('sandbox data and CEP shapes', () => {
  it.each([
    ['01310100', '01310100'],
    ['01310', '01310000'],
    ['123456', null],
    ['123456789', null],
  ])('%s -> %s', (id, cep) => expect(toCep(id)).toBe(cep));
  it('bundles Avenida Paulista', async () => {
    expect(await new SandboxZipcodes().lookup('01310100')).toMatchObject({
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
  });
});
