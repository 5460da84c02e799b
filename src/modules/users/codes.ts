import { randomUUID } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import type { Database, Tx } from '../../db/client.js';
import type { CodePurpose, IdentifierRow } from '../../db/schema/index.js';
import { badRequest } from '../../kernel/errors.js';
import { findIdentifier, insertCode, latestCode, openCodes, retireOpenCodes, updateCode } from './users.repo.js';
import { checkCode, CODE_FAILURE_MESSAGES, CODE_TTL_MS, codeMatches, generateCode, hashCode } from './users.rules.js';

/** Issues a code inside the caller's transaction; only its HMAC is stored. Send it after the commit. */
/** The code key and the (real-time) clock: `AuthServices` carries both. */
export interface CodeKeys {
  codeSecret: string;
  clock: Clock;
}

export async function issueCode(
  tx: Tx,
  keys: CodeKeys,
  identifier: IdentifierRow,
  purpose: CodePurpose,
  options: { keepOpen?: boolean } = {},
): Promise<string> {
  const now = keys.clock.now();
  if (!options.keepOpen) await retireOpenCodes(tx, identifier.id, purpose, now);
  const id = randomUUID();
  const code = generateCode();
  await insertCode(tx, {
    id,
    userId: identifier.userId,
    identifierId: identifier.id,
    purpose,
    codeHash: hashCode(keys.codeSecret, id, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/**
 * Redeems the latest code of an identifier and runs `then` in the same transaction. A wrong code spends one of
 * its tries, committed even though the request fails; wrong, expired, used or exhausted answer 400 BAD_REQUEST.
 */
export async function redeemCode<T>(
  db: Database,
  keys: CodeKeys,
  identifierValue: string,
  purpose: CodePurpose,
  code: string,
  then: (tx: Tx, identifier: IdentifierRow) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const identifier = await findIdentifier(tx, identifierValue);
    // Several invitations may each have an open code (§14): the one the code matches is redeemed, else the latest.
    const open = identifier ? await openCodes(tx, identifier.id, purpose) : [];
    const now = keys.clock.now();
    const matching = open.find((c) => checkCode(c, now, codeMatches(keys.codeSecret, c.id, code, c.codeHash)) === 'ok');
    const row = matching ?? (identifier ? await latestCode(tx, identifier.id, purpose) : undefined);
    const check = checkCode(row, now, !!row && codeMatches(keys.codeSecret, row.id, code, row.codeHash));
    // A wrong try spends one try of every open code, so several open codes give no extra guesses.
    if (check === 'wrong') for (const c of open) await updateCode(tx, c.id, { attempts: c.attempts + 1 });
    if (check !== 'ok') return { ok: false as const, check };
    await updateCode(tx, row!.id, { consumedAt: now, attempts: row!.attempts + 1 });
    return { ok: true as const, value: await then(tx, identifier!) };
  });
  if (!outcome.ok) throw badRequest(CODE_FAILURE_MESSAGES[outcome.check], 'code');
  return outcome.value;
}
