import { createDecipheriv, createECDH, type ECDH } from 'node:crypto';
import { deriveEvKey, type EvParts } from '../crypto/ev.js';
import { DerivedKeyCache } from './derived-keys.js';
import { readKeyFile } from './key-file.js';

/** Why a value did not open here (the vault checks purpose and key status before asking). */
export type OpenFailure = 'FORMAT' | 'UNKNOWN_KEY' | 'TAG';
export type OpenResult = { text: string } | { failed: OpenFailure };

/**
 * The decrypting core of the vault: the private keys of the key file and the short-lived derived keys. It runs in
 * the vault's own thread (open-thread.ts), so the request thread holds no private key and spends no ECDH; or in
 * process when the vault is opened without a thread. Nothing here logs or returns anything but the plaintext.
 */
export class EvOpener {
  private readonly privateKeys = new Map<string, ECDH>();
  private readonly derivedKeys = new DerivedKeyCache();

  constructor(private readonly keyFile: string) {
    this.load();
  }

  /** A value the vault already parsed (parseEv) and checked (purpose, key status): parsed once, opened here. */
  open(parts: EvParts): OpenResult {
    const ecdh = this.privateKey(parts.kid);
    if (!ecdh) return { failed: 'UNKNOWN_KEY' };
    const k = this.derivedKey(ecdh, parts);
    if (!k) return { failed: 'FORMAT' };
    try {
      const decipher = createDecipheriv('aes-256-gcm', k, parts.iv);
      decipher.setAAD(Buffer.from(parts.header, 'utf8'));
      decipher.setAuthTag(parts.ct.subarray(parts.ct.length - 16));
      const plain = Buffer.concat([decipher.update(parts.ct.subarray(0, parts.ct.length - 16)), decipher.final()]);
      const text = plain.toString('utf8');
      plain.fill(0);
      return { text };
    } catch {
      return { failed: 'TAG' };
    }
  }

  /** Drops every derived key (a kid was retired: nothing derived from it stays in memory). */
  forget(): void {
    this.derivedKeys.clear();
  }

  /**
   * K of a value: kept for values sharing the header's (kid, purpose, ephemeral key), as the PCI host's values
   * do for 15 s (derived-keys.ts). Undefined when the ephemeral key is not a point of the curve.
   */
  private derivedKey(ecdh: ECDH, parts: EvParts): Buffer | undefined {
    const kept = this.derivedKeys.get(parts.header);
    if (kept) return kept;
    let z: Buffer;
    try {
      z = ecdh.computeSecret(parts.epk);
    } catch {
      return undefined;
    }
    const k = deriveEvKey(z, parts.epk, parts.kid, parts.purpose);
    z.fill(0);
    this.derivedKeys.set(parts.header, k);
    return k;
  }

  private privateKey(kid: string): ECDH | undefined {
    if (!this.privateKeys.has(kid)) {
      // A key provisioned after this one loaded (a rotation here, or another instance's shared file).
      try {
        this.load();
      } catch {
        return undefined;
      }
    }
    return this.privateKeys.get(kid);
  }

  private load(): void {
    for (const k of readKeyFile(this.keyFile).keys) {
      if (this.privateKeys.has(k.kid)) continue;
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(k.d, 'base64url'));
      this.privateKeys.set(k.kid, ecdh);
    }
  }
}
