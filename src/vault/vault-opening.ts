import type { EvParts } from '../crypto/ev.js';
import { siblingModule, ThreadCalls } from '../runtime/thread-calls.js';
import { EvOpener, type OpenResult } from './ev-opener.js';
import type { OpenRequest } from './open-thread.js';

/** Where the vault decrypts: its own thread (the server's default) or in process. */
export interface VaultOpening {
  open(parts: EvParts): Promise<OpenResult>;
  forget(): void;
  close(): Promise<void>;
}

export function inProcessOpening(keyFile: string): VaultOpening {
  const opener = new EvOpener(keyFile);
  return {
    open: async (parts) => opener.open(parts),
    forget: () => opener.forget(),
    close: async () => opener.forget(),
  };
}

/**
 * The ECDH per value (~0.1 ms, two per card create) leaves the request thread; the thread reads the key file
 * itself, so private keys never cross a message. Values are sent, plaintexts come back for the adapter's call.
 */
export function threadOpening(keyFile: string): VaultOpening {
  const thread = new ThreadCalls<OpenRequest, OpenResult | null>(siblingModule(import.meta.url, './open-thread'), {
    keyFile,
  });
  return {
    // The parsed parts cross as a structured clone (Buffers arrive as Uint8Arrays, which crypto accepts).
    open: async (parts) => (await thread.call({ op: 'open', parts }))!,
    forget: () => thread.tell({ op: 'forget' }),
    close: () => thread.close(),
  };
}
