import { randomUUID } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562: 48 bits of Unix milliseconds, version 7, 74 random bits) for rows inserted in time order
 * (request logs, jobs): each lands at its primary key index's right edge instead of a random leaf. Built from Node's
 * pooled `randomUUID` (a v4 whose version nibble and first 48 bits are replaced): the `uuid` package's v7 draws 16
 * bytes through WebCrypto per id, measured at 6% of a merchant read's CPU (docs/decisions/benchmarks.md).
 * `ms`: the row's own time, from the clock.
 */
export function timeOrderedUuid(ms: number): string {
  // randomUUID(): xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx, its variant bits already RFC 9562's.
  return `${millisecondFields(ms)}-7${randomUUID().slice(15)}`;
}

/** The smallest UUIDv7 of millisecond `ms`: every time-ordered id of an earlier millisecond sorts below it. */
export function firstTimeOrderedUuid(ms: number): string {
  return `${millisecondFields(ms)}-7000-8000-000000000000`;
}

/** A UUIDv7's first two fields: its 48 bits of Unix milliseconds as 8 and 4 hex digits. */
function millisecondFields(ms: number): string {
  const time = Math.trunc(ms).toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}`;
}
