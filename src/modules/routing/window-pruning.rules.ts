/**
 * The organizations whose success-rate windows are due for pruning after `written` entries (one organization id
 * per entry, repeats allowed): each organization's count (kept in `counts`, below `every`) advances by its
 * entries, and an organization is due each time its count reaches `every` (then it starts again), at most once
 * per call. Mutates `counts`.
 */
export function dueForPruning(counts: Map<string, number>, written: readonly string[], every: number): Set<string> {
  const due = new Set<string>();
  for (const organizationId of written) {
    const n = (counts.get(organizationId) ?? 0) + 1;
    counts.set(organizationId, n % every);
    if (n === every) due.add(organizationId);
  }
  return due;
}
