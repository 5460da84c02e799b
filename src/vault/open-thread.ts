import { workerData } from 'node:worker_threads';
import { serveThreadCalls } from '../runtime/thread-serve.js';
import { EvOpener, type OpenResult } from './ev-opener.js';

/** The vault's thread: the only holder of private keys once the vault runs threaded (vault-opening.ts). */
export type OpenRequest = { op: 'open'; value: string } | { op: 'forget' };

const opener = new EvOpener((workerData as { keyFile: string }).keyFile);
serveThreadCalls((request: OpenRequest): OpenResult | null => {
  if (request.op === 'forget') {
    opener.forget();
    return null;
  }
  return opener.open(request.value);
});
