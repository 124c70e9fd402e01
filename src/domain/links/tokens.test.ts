import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkLink, signLink } from "./tokens.js";

const mac = async (message: string) => createHmac("sha256", "k").update(message).digest();
const otherMac = async (message: string) => createHmac("sha256", "other").update(message).digest();
const asset = "ast_0123456789ABCDEFGHIJkl";

describe("link tokens", () => {
  it("a token checks out until its expiry, and carries the asset", async () => {
    const token = await signLink(mac, asset, 2_000_000_000);
    expect(token.length).toBeLessThanOrEqual(64);
    expect(await checkLink(mac, token, 1_999_999_999)).toEqual({ ok: true, assetId: asset, expiresAt: 2_000_000_000 });
    expect(await checkLink(mac, token, 2_000_000_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("any changed character, another key, or a changed expiry fails", async () => {
    const token = await signLink(mac, asset, 2_000_000_000);
    for (let i = 0; i < token.length; i++) {
      const swapped = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      expect((await checkLink(mac, swapped, 0)).ok, `character ${i}`).toBe(false);
    }
    expect(await checkLink(otherMac, token, 0)).toEqual({ ok: false, reason: "signature" });
    const [id, sig] = [token.slice(0, 26), token.slice(-22)];
    expect(await checkLink(mac, `${id}-${(2_100_000_000).toString(36)}-${sig}`, 0)).toEqual({ ok: false, reason: "signature" });
    expect(await checkLink(mac, `0${token}`, 0)).toEqual({ ok: false, reason: "malformed" });
  });
});
