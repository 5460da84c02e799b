import { describe, expect, it } from 'vitest';
import { dashboardRequestsQuery, requestsFilters, utcLocal } from './dashboard-requests.schemas.js';

describe('the requests page filters', () => {
  it.each([
    ['2026-11-23T06:30', false, '2026-11-23T06:30:00.000Z'],
    ['2026-11-23T06:30', true, '2026-11-23T06:30:59.999Z'],
    ['2026-11-23T06:30:15', true, '2026-11-23T06:30:15.999Z'],
    ['2026-02-30T06:30', false, undefined],
    ['2026-11-23T24:00', false, undefined],
    ['yesterday', false, undefined],
    [undefined, false, undefined],
  ])('%s (end %s) is %s', (value, end, expected) => expect(utcLocal(value, end)?.toISOString()).toBe(expected));

  it.each([
    [{ status: ['4xx', ''] }, { status_class: '4xx' }, '4xx'],
    [{ status: ['4xx', '404'] }, { status: 404 }, '404'],
    [{ status: '5XX' }, { status_class: '5xx' }, '5xx'],
    [{ status: ['', 'abc'] }, {}, undefined],
  ])('status %j reads as %j', (query, expected, shown) => {
    const { filters, list } = requestsFilters(dashboardRequestsQuery.parse(query), 50);
    expect(list).toEqual({ page: 1, limit: 50, ...expected });
    expect(filters.status).toBe(shown);
  });

  it('keeps what it understood: a bad time or page is dropped, not an error', () => {
    const { filters, list } = requestsFilters(
      dashboardRequestsQuery.parse({
        path: ' /core/v1 ',
        from: 'nope',
        to: '2026-11-23T06:30',
        page: 'x',
        request_id: ' r-1 ',
      }),
      50,
    );
    expect(list).toEqual({
      page: 1,
      limit: 50,
      path: '/core/v1',
      request_id: 'r-1',
      created_at_to: new Date('2026-11-23T06:30:59.999Z'),
    });
    expect(filters).toEqual({
      status: undefined,
      path: '/core/v1',
      request_id: 'r-1',
      from: undefined,
      to: '2026-11-23T06:30',
      page: 1,
    });
  });
});
