import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '../../db/client.js';
import type { CodePurpose, IdentifierRow } from '../../db/schema/index.js';
import { badRequest } from '../../http/errors.js';
import { findIdentifier, insertCode, latestCode, retireOpenCodes, updateCode } from '../users/users.repo.js';
import { checkCode, CODE_FAILURE_MESSAGES, CODE_TTL_MS, codeMatches, generateCode, hashCode } from '../users/users.rules.js';

/** Issues a code inside the caller's transaction; only its HMAC is stored. Send it after the commit. */
export async function issueCode(tx: Tx, secret: string, identifier: IdentifierRow, purpose: CodePurpose): Promise<string> {
  await retireOpenCodes(tx, identifier.id, purpose);
  const id = randomUUID();
  const code = generateCode();
  await insertCode(tx, {
    id,
    userId: identifier.userId,
    identifierId: identifier.id,
    purpose,
    codeHash: hashCode(secret, id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/**
 * Redeems the latest code of an identifier and runs `then` in the same transaction. A wrong code spends one of
 * its tries, committed even though the request fails; wrong, expired, used or exhausted answer 400 BAD_REQUEST.
 */
export async function redeemCode<T>(
  db: Database,
  secret: string,
  identifierValue: string,
  purpose: CodePurpose,
  code: string,
  then: (tx: Tx, identifier: IdentifierRow) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const identifier = await findIdentifier(tx, identifierValue);
    const row = identifier ? await latestCode(tx, identifier.id, purpose) : undefined;
    const check = checkCode(row, new Date(), !!row && codeMatches(secret, row.id, code, row.codeHash));
    if (check === 'wrong') await updateCode(tx, row!.id, { attempts: row!.attempts + 1 });
    if (check !== 'ok') return { ok: false as const, check };
    await updateCode(tx, row!.id, { consumedAt: new Date(), attempts: row!.attempts + 1 });
    return { ok: true as const, value: await then(tx, identifier!) };
  });
  if (!outcome.ok) throw badRequest(CODE_FAILURE_MESSAGES[outcome.check], 'code');
  return outcome.value;
}
