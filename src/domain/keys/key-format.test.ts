import { describe, expect, it } from "vitest";
import { displayStart, generateKey, hashKey, isWellFormedKey } from "./key-format.js";

describe("API key format", () => {
  it("generates ags_ + 32 base62 + 6 checksum characters that validate", () => {
    const key = generateKey();
    expect(key.plaintext).toMatch(/^ags_[0-9A-Za-z]{38}$/);
    expect(isWellFormedKey(key.plaintext)).toBe(true);
    expect(key.hash).toBe(hashKey(key.plaintext));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.start).toBe(displayStart(key.plaintext));
    expect(key.start).toHaveLength(8);
  });

  it("never repeats", () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateKey().plaintext));
    expect(keys.size).toBe(2000);
  });

  it("rejects every single-character typo through the checksum", () => {
    const { plaintext } = generateKey();
    let rejected = 0;
    let tried = 0;
    for (let i = 4; i < plaintext.length; i++) {
      for (const c of ["0", "a", "Z"]) {
        if (plaintext[i] === c) continue;
        tried++;
        if (!isWellFormedKey(plaintext.slice(0, i) + c + plaintext.slice(i + 1))) rejected++;
      }
    }
    expect(rejected).toBe(tried);
  });

  it.each(["", "ags_", "ags_short", `sk_${"a".repeat(38)}`, `ags_${"a".repeat(37)}!`, `AGS_${"a".repeat(38)}`])("rejects a malformed key %j", (candidate) => {
    expect(isWellFormedKey(candidate)).toBe(false);
  });
});
