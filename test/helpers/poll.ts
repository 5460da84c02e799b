/** Polls `probe` until `done` accepts its value; fails after `timeoutMs`, naming what it waited for. */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  what = 'the condition',
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Polls until `condition` holds. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<void> {
  await eventually(async () => condition(), Boolean, what, timeoutMs, everyMs);
}
