/**
 * The retry rule of product.md §11: with a schedule of N delays there is one first attempt and up to N retries.
 * After the n-th failed attempt (n >= 1) the next comes after schedule[n-1] seconds; after the (N+1)-th, FAILED.
 */
export function retryDelayAfterFailure(failedAttempts: number, schedule: readonly number[]): number | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) throw new Error('failedAttempts must be >= 1');
  return schedule[failedAttempts - 1] ?? null;
}

/** A receiver acknowledges with any 2xx; redirects are not followed (a 3xx is a failure, like Stripe). */
export function isAcknowledged(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}
