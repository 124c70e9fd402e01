import { createHash } from "node:crypto";
import { randomBase62 } from "../ids.js";

/**
 * API keys: `ags_` + 32 base62 characters of CSPRNG output + a 6-character base62 checksum of
 * them. A mistyped or made-up key fails the checksum and is refused without a database query.
 * Only the SHA-256 of the whole key is stored, with a short display start.
 */
export const keyPrefix = "ags_";
const secretLength = 32;
const checksumLength = 6;
const shape = new RegExp(`^${keyPrefix}([0-9A-Za-z]{${secretLength}})([0-9A-Za-z]{${checksumLength}})$`);
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function checksum(secret: string): string {
  let n = createHash("sha256").update(`ags-key-checksum:${secret}`).digest().readUInt32BE(0);
  let out = "";
  for (let i = 0; i < checksumLength; i++) {
    out = alphabet[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export interface NewKey {
  plaintext: string;
  hash: string;
  start: string;
}

export function generateKey(): NewKey {
  const secret = randomBase62(secretLength);
  const plaintext = `${keyPrefix}${secret}${checksum(secret)}`;
  return { plaintext, hash: hashKey(plaintext), start: displayStart(plaintext) };
}

/** True when `candidate` has the key's shape and a valid checksum. */
export function isWellFormedKey(candidate: string): boolean {
  const match = shape.exec(candidate);
  return match !== null && checksum(match[1]!) === match[2];
}

export function hashKey(plaintext: string): string {
  return createHash("sha256").update(plaintext).digest("hex");
}

export function displayStart(plaintext: string): string {
  return plaintext.slice(0, keyPrefix.length + 4);
}
