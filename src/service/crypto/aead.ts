/**
 * AES-256-GCM (NIST SP 800-38D) with a fresh random 12-byte nonce per value and the context it
 * belongs to as associated data, so a ciphertext copied to another row does not decrypt there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value as stored: base64 nonce, base64 ciphertext with the 16-byte tag appended. */
export interface Sealed {
  nonce: string;
  ciphertext: string;
}

/** Associated data from its parts; JSON so that no two part lists encode alike. */
export function associatedData(parts: readonly string[]): Buffer {
  return Buffer.from(JSON.stringify(parts), 'utf8');
}

export function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Sealed {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { nonce: nonce.toString('base64'), ciphertext: ciphertext.toString('base64') };
}

/** Decrypts and authenticates; undefined when the key, the associated data or the bytes are wrong. */
export function unseal(key: Buffer, sealed: Sealed, aad: Buffer): Buffer | undefined {
  const nonce = Buffer.from(sealed.nonce, 'base64');
  const data = Buffer.from(sealed.ciphertext, 'base64');
  if (nonce.length !== NONCE_BYTES || data.length < TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}
