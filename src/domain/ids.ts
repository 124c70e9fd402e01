import { randomFillSync } from "node:crypto";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** CSPRNG bytes drawn from a pool refilled 4 KiB at a time (one syscall per ~150 ids, not one per id). */
const pool = Buffer.alloc(4096);
let used = pool.length;

function nextByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++]!;
}

/** `length` base62 characters from the CSPRNG, without modulo bias. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = nextByte();
    if (byte < 248) out += alphabet[byte % 62];
  }
  return out;
}

export type IdPrefix = "usr" | "acc" | "key" | "gen" | "ast" | "idem" | "req" | "kit" | "prj";

/** Public ids: a type prefix and 22 random base62 characters (~131 bits), e.g. `gen_4fT…`. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(22)}`;
}
