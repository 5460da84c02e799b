import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listQuery, paginate } from './pagination.js';

describe('paginate', () => {
  it.each([
    [1, 20, 0, { totalPages: 0, hasNext: false, hasPrev: false }],
    [1, 20, 20, { totalPages: 1, hasNext: false, hasPrev: false }],
    [1, 20, 21, { totalPages: 2, hasNext: true, hasPrev: false }],
    [2, 20, 21, { totalPages: 2, hasNext: false, hasPrev: true }],
    [5, 10, 21, { totalPages: 3, hasNext: false, hasPrev: true }],
  ])('page %i limit %i total %i', (page, limit, total, expected) => {
    expect(paginate(page, limit, total)).toEqual({ page, limit, total, ...expected });
  });

  it('pages cover every item exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 100 }), (total, limit) => {
        const { totalPages } = paginate(1, limit, total);
        expect(totalPages * limit).toBeGreaterThanOrEqual(total);
        expect((totalPages - 1) * limit).toBeLessThan(Math.max(total, 1));
        expect(paginate(totalPages, limit, total).hasNext).toBe(false);
      }),
    );
  });
});

describe('listQuery', () => {
  const schema = listQuery({ sort: ['name'], statuses: ['ACTIVE', 'BLOCKED'], amount: true });

  it('applies defaults and parses sort and filters', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 20 });
    const q = schema.parse({
      sort: '-created_at,name',
      status: 'ACTIVE,BLOCKED',
      amount_from: '10',
      created_at_from: '2026-01-01T00:00:00Z',
    });
    expect(q.sort).toEqual([
      { field: 'created_at', descending: true },
      { field: 'name', descending: false },
    ]);
    expect(q.status).toEqual(['ACTIVE', 'BLOCKED']);
    expect(q.amount_from).toBe(10);
    expect(q.created_at_from).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it.each([
    [{ page: '0' }, 'page'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ sort: 'bogus' }, 'sort'],
    [{ status: 'ACTIVE,NOPE' }, 'status'],
    [{ created_at_to: 'yesterday' }, 'created_at_to'],
    [{ unknown: '1' }, ''],
  ])('rejects %j', (query, field) => {
    const result = schema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]!.path.join('.')).toBe(field);
  });
});
