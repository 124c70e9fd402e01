import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSecretsBox, newSecretsKey, parseSecretsKey } from "./secrets-box.js";

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), "ags-secrets-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("the secrets box", () => {
  const key = newSecretsKey();
  const secret = "whsec_c2VjcmV0LWJ5dGVzLWZvci10aGUtdGVzdC0xMjM0NTY3OA==";

  it("takes 32 bytes as base64, base64url or hex, and nothing else", () => {
    expect(parseSecretsKey(key)).toHaveLength(32);
    expect(parseSecretsKey(Buffer.alloc(32, 7).toString("base64url"))).toHaveLength(32);
    expect(parseSecretsKey("ab".repeat(32))).toHaveLength(32);
    for (const bad of ["", "short", Buffer.alloc(16).toString("base64"), Buffer.alloc(33).toString("base64"), "zz".repeat(32)]) {
      expect(parseSecretsKey(bad), bad).toBeUndefined();
    }
  });

  it("seals with a fresh IV each time and opens what it sealed, for the same row only", async () => {
    const box = createSecretsBox({ key });
    const a = await box.seal(secret, "webhook:whk_1");
    const b = await box.seal(secret, "webhook:whk_1");
    expect(a).toMatch(/^v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret.slice(6, 20));
    expect(await box.open(a, "webhook:whk_1")).toBe(secret);
    await expect(box.open(a, "webhook:whk_2")).rejects.toThrow(/does not open/);
  });

  it("refuses an altered or foreign value, naming a changed key as such", async () => {
    const box = createSecretsBox({ key });
    const sealed = await box.seal(secret, "ctx");
    const last = sealed.at(-2) === "A" ? "B" : "A";
    await expect(box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, "ctx")).rejects.toThrow(/does not open/);
    await expect(box.open("whsec_plain", "ctx")).rejects.toThrow(/Not a sealed secret/);
    await expect(createSecretsBox({ key: newSecretsKey() }).open(sealed, "ctx")).rejects.toThrow(/sealed with another key.*SECRETS_KEY changed/);
  });

  it("without SECRETS_KEY, creates a key file (0600) on first use only, and reuses it", async () => {
    const dir = await tempDir();
    const file = join(dir, "nested", "secrets.key");
    const first = createSecretsBox({ keyFile: file });
    await expect(stat(file)).rejects.toThrow(); // nothing written until a secret is sealed
    const sealed = await first.seal(secret, "ctx");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(await readFile(file, "utf8"))).toHaveLength(32);
    expect(await createSecretsBox({ keyFile: file }).open(sealed, "ctx")).toBe(secret);
    // Two boxes starting at once on a new folder agree on one key.
    const other = join(dir, "race", "secrets.key");
    const [x, y] = [createSecretsBox({ keyFile: other }), createSecretsBox({ keyFile: other })];
    const [sx, sy] = await Promise.all([x.seal("a", "c"), y.seal("b", "c")]);
    expect(await y.open(sx, "c")).toBe("a");
    expect(await x.open(sy, "c")).toBe("b");
  });

  it("refuses a damaged key file instead of replacing it", async () => {
    const file = join(await tempDir(), "secrets.key");
    await writeFile(file, "not a key\n");
    await expect(createSecretsBox({ keyFile: file }).seal("x", "c")).rejects.toThrow(/does not hold a secrets key/);
    expect(await readFile(file, "utf8")).toBe("not a key\n");
  });
});
