import { resourceLimits } from 'node:worker_threads';
import { serveThreadCalls } from './thread-serve.js';

/** A serving thread for thread-calls.test.ts: answers any call with the heap bounds it was started with. */
serveThreadCalls(() => resourceLimits);
