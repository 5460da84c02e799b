import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** README "Use the TypeScript client" shows the example files verbatim (flow.test.ts runs quickstart.ts). */
describe('README', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  it.each(['quickstart.ts', 'receiver.ts'])('shows examples/%s as it is', (file) => {
    const source = readFileSync(new URL(`../examples/${file}`, import.meta.url), 'utf8').trimEnd();
    expect(readme).toContain('```ts\n' + source + '\n```');
  });
});
