import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * Secrets the service must be able to use again later (a webhook's signing secret: it signs every
 * delivery, so it cannot be hashed like an API key) are stored sealed, never in plaintext:
 * AES-256-GCM under a subkey derived (HKDF-SHA256) from one server key, with a fresh 96-bit IV per
 * seal and the owning row's id as associated data (a sealed value copied onto another row does not
 * open). Sealed text: `v1:<key id, 8 hex>:<base64url(iv ‖ ciphertext ‖ tag)>`; the key id names
 * the key that sealed it, so a changed key is reported as such, not as corruption.
 *
 * The server key is `SECRETS_KEY` (32 random bytes, base64 or hex); without it, a key generated on
 * first use and kept in `<DATA_DIR>/secrets.key` (mode 0600). A database dump alone never reveals a
 * secret. Several processes on PostgreSQL must share one SECRETS_KEY (required in production).
 */
export interface SecretsBox {
  seal(plaintext: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
  /**
   * HMAC-SHA256 of `message` under a subkey of the server key for `purpose` (e.g. public links):
   * signatures the service checks later, without storing anything.
   */
  mac(purpose: string, message: string): Promise<Buffer>;
}

export class SecretsBoxError extends Error {
  override name = "SecretsBoxError";
}

const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
const info = Buffer.from("ags secrets-box v1 aes-256-gcm");

/** 32 bytes written as base64 (standard or url-safe, padded or not) or 64 hex digits; undefined otherwise. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return undefined;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === keyBytes ? bytes : undefined;
}

/** A new server key, as SECRETS_KEY takes it. */
export const newSecretsKey = () => randomBytes(keyBytes).toString("base64");

interface Key {
  id: string;
  aead: Buffer;
  master: Buffer;
}

function deriveKey(master: Buffer): Key {
  return {
    id: createHash("sha256").update("ags secrets-box key id").update(master).digest("hex").slice(0, 8),
    aead: Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), info, keyBytes)),
    master,
  };
}

/** The id a key's sealed secrets carry (`v1:<id>:…`), from its text (SECRETS_KEY or the key file); undefined when it is no key. */
export function secretsKeyId(text: string): string | undefined {
  const key = parseSecretsKey(text);
  return key ? deriveKey(key).id : undefined;
}

/** Reads the key file, or creates it (exclusively: two processes starting at once agree on one key). */
async function keyFromFile(file: string): Promise<Buffer> {
  const read = async () => {
    const key = parseSecretsKey(await readFile(file, "utf8"));
    if (!key) throw new SecretsBoxError(`${file} does not hold a secrets key (32 bytes, base64); restore it, or set SECRETS_KEY.`);
    return key;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  try {
    await writeFile(file, `${newSecretsKey()}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return read();
}

/**
 * A box over `key` (SECRETS_KEY's text, already checked) or, without it, the key kept in
 * `keyFile`, read or created on first use (so a process that never seals anything writes nothing).
 */
export function createSecretsBox(source: { key?: string; keyFile?: string }): SecretsBox {
  let key: Promise<Key> | undefined;
  const current = () => {
    key ??= (async () => {
      if (source.key !== undefined) {
        const parsed = parseSecretsKey(source.key);
        if (!parsed) throw new SecretsBoxError("SECRETS_KEY must be 32 random bytes, base64 (openssl rand -base64 32).");
        return deriveKey(parsed);
      }
      if (source.keyFile === undefined) throw new SecretsBoxError("No SECRETS_KEY is set.");
      return deriveKey(await keyFromFile(source.keyFile));
    })();
    key.catch(() => (key = undefined)); // a failure (e.g. an unwritable folder) is retried next time
    return key;
  };

  const macKeys = new Map<string, Buffer>();
  return {
    async mac(purpose, message) {
      const { master } = await current();
      let key = macKeys.get(purpose);
      if (!key) {
        key = Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), Buffer.from(`ags ${purpose} v1 hmac-sha256`), keyBytes));
        macKeys.set(purpose, key);
      }
      return createHmac("sha256", key).update(message, "utf8").digest();
    },

    async seal(plaintext, context) {
      const { id, aead } = await current();
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv("aes-256-gcm", aead, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `v1:${id}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
    },

    async open(sealed, context) {
      const { id, aead } = await current();
      const match = /^v1:([0-9a-f]{8}):([A-Za-z0-9_-]+)$/.exec(sealed);
      if (!match) throw new SecretsBoxError("Not a sealed secret.");
      if (match[1] !== id) {
        throw new SecretsBoxError(`This secret was sealed with another key (key id ${match[1]}; the current key's id is ${id}): was SECRETS_KEY changed?`);
      }
      const raw = Buffer.from(match[2]!, "base64url");
      if (raw.length < ivBytes + tagBytes) throw new SecretsBoxError("The sealed secret is truncated.");
      const decipher = createDecipheriv("aes-256-gcm", aead, raw.subarray(0, ivBytes));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(raw.subarray(raw.length - tagBytes));
      try {
        return Buffer.concat([decipher.update(raw.subarray(ivBytes, raw.length - tagBytes)), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretsBoxError("The sealed secret does not open: altered, or sealed for another row.");
      }
    },
  };
}
