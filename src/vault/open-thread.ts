import { workerData } from 'node:worker_threads';
import { serveThreadCalls } from '../runtime/thread-serve.js';
import type { EvParts } from '../crypto/ev.js';
import { EvOpener, type OpenResult } from './ev-opener.js';

/** The vault's thread: the only holder of private keys once the vault runs threaded (vault-opening.ts). */
export type OpenRequest = { op: 'open'; parts: EvParts } | { op: 'forget' };

const opener = new EvOpener((workerData as { keyFile: string }).keyFile);
serveThreadCalls((request: OpenRequest): OpenResult | null => {
  if (request.op === 'forget') {
    opener.forget();
    return null;
  }
  return opener.open(request.parts);
});
