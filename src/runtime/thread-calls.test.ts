import { afterAll, describe, expect, it } from 'vitest';
import { siblingModule, THREAD_HEAP, ThreadCalls } from './thread-calls.js';

describe('ThreadCalls', () => {
  const thread = new ThreadCalls<null, Record<string, number>>(
    siblingModule(import.meta.url, './limits-thread.fixture'),
  );
  afterAll(() => thread.close());

  it("starts its thread with the serving threads' own heap bounds, not V8's defaults", async () => {
    const limits = await thread.call(null);
    expect(limits.maxYoungGenerationSizeMb).toBe(THREAD_HEAP.maxYoungGenerationSizeMb);
    expect(limits.maxOldGenerationSizeMb).toBe(THREAD_HEAP.maxOldGenerationSizeMb);
  });
});
