import { describe, expect, it } from 'vitest';
import {
  endpointReceives,
  generateSigningSecret,
  messageStatusOf,
  signingSecretsAt,
  type MessageStatus,
} from './endpoints.rules.js';

describe('endpointReceives', () => {
  it.each([
    [['*'], 'company.created', true],
    [['company.created'], 'company.created', true],
    [['company.created'], 'company.status-changed', false],
    [['*'], 'webhook.test', false],
    [['webhook.test'], 'webhook.test', false],
  ] as const)('%j receives %s: %s', (enabled, type, expected) => {
    expect(endpointReceives(enabled, type)).toBe(expected);
  });
});

describe('signingSecretsAt', () => {
  const now = new Date('2026-01-02T00:00:00Z');
  it.each([
    [null, null, 1],
    ['whsec_old', new Date('2026-01-02T00:00:01Z'), 2],
    ['whsec_old', new Date('2026-01-02T00:00:00Z'), 1],
    ['whsec_old', null, 1],
  ])('previous %s until %s signs with %i secrets', (previous, until, n) => {
    const secrets = signingSecretsAt(
      { signingSecret: 'whsec_new', previousSigningSecret: previous, previousSecretExpiresAt: until },
      now,
    );
    expect(secrets).toHaveLength(n);
    expect(secrets[0]).toBe('whsec_new');
  });
});

describe('messageStatusOf', () => {
  it.each([
    [[], 'PENDING'],
    [['DELIVERED', 'DELIVERED'], 'DELIVERED'],
    [['DELIVERED', 'PENDING'], 'PENDING'],
    [['DELIVERED', 'FAILED'], 'FAILED'],
    [['PENDING', 'FAILED'], 'FAILED'],
  ] as [MessageStatus[], MessageStatus][])('%j -> %s', (list, status) => {
    expect(messageStatusOf(list)).toBe(status);
  });
});

it('generates Standard Webhooks secrets', () => {
  expect(generateSigningSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
});
