import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27 (finding 5): the README registered its webhook endpoint at 127.0.0.1:3000, where a developer's own
 * server usually listens (176 failed attempts in minutes). Its step 0 now starts a receiver of its own on a port
 * the system picks; these are its lines as printed, run by bash: the receiver answers 204 to a delivery.
 */
describe('README step 0: the webhook receiver it starts', () => {
  it('runs as printed and answers 204 on a port of its own', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.split('\n').find((l) => l.startsWith('HOOKS_PORT=$(mktemp); node -e '));
    const wait = readme.split('\n').find((l) => l.startsWith('until [ -s "$HOOKS_PORT" ]'));
    const register = readme.split('\n').find((l) => l.startsWith('post $C/v1/webhooks/endpoints $KEY'));
    expect(start && wait && register, 'step 0 lines').toBeTruthy();
    expect(readme).not.toContain('127.0.0.1:3000/webhooks');
    expect(register).toContain('http://127.0.0.1:$(cat "$HOOKS_PORT")/webhooks');
    const script = [
      'set -euo pipefail',
      start!,
      'RECEIVER=$!',
      wait!,
      'PORT=$(cat "$HOOKS_PORT")',
      `curl -s -o /dev/null -w '%{http_code} ' -X POST -H 'content-type: application/json' -d '{"type":"company.created"}' "http://127.0.0.1:$PORT/webhooks"`,
      'echo "$PORT"',
      'kill $RECEIVER',
    ].join('\n');
    const [status, port] = execFileSync('bash', ['-c', script], { encoding: 'utf8', timeout: 20_000 })
      .trim()
      .split(' ');
    expect(status).toBe('204');
    expect(Number(port)).toBeGreaterThan(0);
    expect(port).not.toBe('3000');
  }, 30_000);
});
