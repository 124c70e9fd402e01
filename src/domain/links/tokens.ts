import { timingSafeEqual } from "node:crypto";

/**
 * Public links' tokens (contract section 15): `<assetId>-<expiry, unix seconds in base 36>-<signature>`,
 * the signature being the first 16 bytes of an HMAC-SHA256 (under a subkey of the server key) over
 * the asset id and the expiry, base64url. Nothing is stored: the token carries its expiry, and
 * changing any character of it (the id, the expiry, the signature) makes it fail the check.
 */
export type Mac = (message: string) => Promise<Buffer>;

const signatureBytes = 16;
const tokenPattern = /^(ast_[A-Za-z0-9]{22})-([1-9a-z][0-9a-z]{0,8})-([A-Za-z0-9_-]{22})$/;

const signed = (assetId: string, expiresAt: number) => `link v1\n${assetId}\n${expiresAt}`;

/** The token for `assetId` until `expiresAt` (unix seconds). */
export async function signLink(mac: Mac, assetId: string, expiresAt: number): Promise<string> {
  const signature = (await mac(signed(assetId, expiresAt))).subarray(0, signatureBytes).toString("base64url");
  return `${assetId}-${expiresAt.toString(36)}-${signature}`;
}

export type LinkCheck = { ok: true; assetId: string; expiresAt: number } | { ok: false; reason: "malformed" | "signature" | "expired" };

/** Checks a token: its form, then its signature (in constant time), then its expiry against `nowSeconds`. */
export async function checkLink(mac: Mac, token: string, nowSeconds: number): Promise<LinkCheck> {
  const match = tokenPattern.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const [, assetId, expiry, signature] = match as unknown as [string, string, string, string];
  const expiresAt = Number.parseInt(expiry, 36);
  // Compared as text (both 22 ASCII characters), so no second spelling of the same bytes passes.
  const expected = Buffer.from((await mac(signed(assetId, expiresAt))).subarray(0, signatureBytes).toString("base64url"));
  if (!timingSafeEqual(Buffer.from(signature), expected)) return { ok: false, reason: "signature" };
  if (expiresAt <= nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, assetId, expiresAt };
}
