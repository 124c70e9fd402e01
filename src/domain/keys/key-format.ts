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

/**
 * Why `candidate` is not a key, in words a newcomer can act on, or undefined when it is well
 * formed. A key of the right shape whose checksum fails was mistyped (or cut and pasted wrong).
 */
export function keyFormatProblem(candidate: string): string | undefined {
  const match = shape.exec(candidate);
  if (match)
    return checksum(match[1]!) === match[2] ? undefined : "The API key looks mistyped (its checksum does not match): copy it again from where you saved it.";
  const looksLike = `A key looks like ${keyPrefix} followed by ${secretLength + checksumLength} letters and digits (${keyPrefix.length + secretLength + checksumLength} characters in all)`;
  if (/^\$\{?\w+\}?$/.test(candidate)) {
    return `The API key is the literal text ${candidate}: the shell did not expand the variable (use double quotes around the header, and export the variable first). ${looksLike}.`;
  }
  if (/^["'<].*["'>]$/.test(candidate)) return `The API key is wrapped in quotes or brackets: send the key alone. ${looksLike}.`;
  if (!candidate.startsWith(keyPrefix)) {
    return `This is not one of our API keys: ${looksLike}. Create one in the web app (Keys) or with POST /api/keys.`;
  }
  const length = candidate.length;
  const expected = keyPrefix.length + secretLength + checksumLength;
  if (/[^0-9A-Za-z]/.test(candidate.slice(keyPrefix.length))) {
    return `The API key holds characters a key never has (only letters and digits follow ${keyPrefix}). ${looksLike}: copy it again.`;
  }
  return `The API key has ${length} characters, not ${expected}: it looks ${length < expected ? "cut short" : "too long"}. ${looksLike}: copy it again, whole.`;
}

export function hashKey(plaintext: string): string {
  return createHash("sha256").update(plaintext).digest("hex");
}

export function displayStart(plaintext: string): string {
  return plaintext.slice(0, keyPrefix.length + 4);
}
