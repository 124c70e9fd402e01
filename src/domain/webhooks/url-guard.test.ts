import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../contract/errors.js";
import { retryDelay } from "./record.js";
import { sendPinned, withoutAddresses } from "./send.js";
import { deliveryHeaders, newWebhookSecret, signature } from "./signing.js";
import { nonPublicKind, v6Bytes } from "../../infra/net/addresses.js";
import { assertWebhookUrl, notAllowedMessage, UrlRefused, vetWebhookUrl, type Resolver } from "./url-guard.js";

const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("address classification", () => {
  it.each([
    ["10.1.2.3", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["127.0.0.1", /loopback/],
    ["127.255.0.9", /loopback/],
    ["169.254.169.254", /link-local/],
    ["0.0.0.0", /unspecified/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.127.255.254", /carrier-grade NAT/],
    ["224.0.0.1", /multicast/],
    ["255.255.255.255", /reserved|broadcast/],
    ["198.18.0.1", /benchmarking/],
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["fc00::1", /unique local/],
    ["fd12:3456::1", /unique local/],
    ["fe80::1%eth0", /link-local/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /loopback.*IPv4-mapped/],
    ["::ffff:7f00:1", /loopback.*IPv4-mapped/],
    ["::ffff:10.0.0.1", /private.*IPv4-mapped/],
    ["::ffff:a9fe:a9fe", /link-local.*IPv4-mapped/],
    ["::ffff:0:192.168.0.1", /private.*IPv4-translated/],
    ["::127.0.0.1", /IPv4-compatible/],
    ["::8.8.8.8", /IPv4-compatible/],
    ["64:ff9b::10.0.0.1", /private.*NAT64/],
    ["2002:c0a8:0101::1", /private.*6to4/],
    ["2001:db8::1", /documentation/],
    ["not-an-ip", /not an IP/],
  ])("%s is not public (%s)", (address, kind) => {
    expect(nonPublicKind(address)).toMatch(kind);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:0808:0808::1"])(
    "%s is public",
    (address) => expect(nonPublicKind(address)).toBeUndefined(),
  );

  it("parses IPv6 text into 16 bytes", () => {
    expect(v6Bytes("::1")).toEqual([...Array<number>(15).fill(0), 1]);
    expect(v6Bytes("::ffff:1.2.3.4")?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(v6Bytes("1:2:3:4:5:6:7:8:9")).toBeUndefined();
    expect(v6Bytes("1::2::3")).toBeUndefined();
  });
});

describe("the URL guard", () => {
  const strict = { allowPrivate: false, resolve: resolver({ "hooks.example.com": ["93.184.216.34"], "rebind.example.com": ["93.184.216.34", "10.0.0.7"] }) };

  it("accepts https to a public address and returns the addresses to connect to", async () => {
    const target = await vetWebhookUrl("https://hooks.example.com/in?x=1", strict);
    expect(target.addresses).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(target.hostname).toBe("hooks.example.com");
  });

  it.each([
    ["http://hooks.example.com/", /must use https.*WEBHOOKS_ALLOW_PRIVATE/],
    ["ftp://hooks.example.com/", /must use https, not ftp/],
    ["https://user:pw@hooks.example.com/", /credentials/],
    ["hooks.example.com/in", /absolute URL/],
  ])("refuses %s, saying why", async (url, message) => {
    await expect(vetWebhookUrl(url, strict)).rejects.toThrow(message);
  });

  it.each([
    ["https://127.0.0.1/", /^127\.0\.0\.1 is a loopback address/],
    ["https://2130706433/", /^127\.0\.0\.1 is a loopback address/], // the URL parser's decimal form
    ["https://10.0.0.1/", /private/],
    ["https://[::1]/", /loopback/],
    ["https://[::ffff:127.0.0.1]/", /IPv4-mapped/],
    ["https://169.254.169.254/latest/meta-data", /link-local/],
    ["https://rebind.example.com/", /^rebind\.example\.com resolves to 10\.0\.0\.7, which is a private address\.$/],
    ["https://nowhere.example.com/", /does not resolve \(ENOTFOUND\)/],
  ])("refuses %s as not allowed, the address and DNS answer only in the detail (for the logs)", async (url, detail) => {
    const error = (await vetWebhookUrl(url, strict).catch((e: unknown) => e)) as UrlRefused;
    expect(error).toBeInstanceOf(UrlRefused);
    expect(error.message).toBe(notAllowedMessage);
    expect(error.message).not.toMatch(/\d+\.\d+\.\d+\.\d+|::|resolve[sd] to|example\.com/);
    expect(error.detail).toMatch(detail);
  });

  it("resolves localhost with the system resolver and refuses it", async () => {
    const error = (await vetWebhookUrl("https://localhost:8443/hook", { allowPrivate: false }).catch((e: unknown) => e)) as UrlRefused;
    expect(error.message).toBe(notAllowedMessage);
    expect(error.detail).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/);
  });

  it("allows http and private targets with WEBHOOKS_ALLOW_PRIVATE", async () => {
    expect((await vetWebhookUrl("http://127.0.0.1:9/x", { allowPrivate: true })).addresses).toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect((await vetWebhookUrl("https://rebind.example.com/", { ...strict, allowPrivate: true })).addresses).toHaveLength(2);
    await expect(vetWebhookUrl("ftp://127.0.0.1/", { allowPrivate: true })).rejects.toThrow(/https/);
  });

  it("gives registration a 400 invalid_request naming url, and the detail to onRefused", async () => {
    const error = await assertWebhookUrl("http://127.0.0.1/", { allowPrivate: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "invalid_request", param: "url" });
    const details: string[] = [];
    const refused = await assertWebhookUrl("https://rebind.example.com/", { ...strict, onRefused: (d) => details.push(d) }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "invalid_request", param: "url", message: `url: ${notAllowedMessage}` });
    expect(details).toEqual(["rebind.example.com resolves to 10.0.0.7, which is a private address."]);
  });

  it("bounds a DNS lookup that never answers", async () => {
    const hang: Resolver = () => new Promise(() => undefined);
    const error = (await vetWebhookUrl("https://slow.example.com/", { allowPrivate: false, resolve: hang, timeoutMs: 50 }).catch(
      (e: unknown) => e,
    )) as UrlRefused;
    expect(error.message).toBe(notAllowedMessage);
    expect(error.detail).toMatch(/did not resolve within/);
    // With WEBHOOKS_ALLOW_PRIVATE (development), the caller is told.
    await expect(vetWebhookUrl("https://slow.example.com/", { allowPrivate: true, resolve: hang, timeoutMs: 50 })).rejects.toThrow(
      /^Slow\.example\.com did not resolve within/,
    );
  });

  it("keeps addresses out of a connection error's text", () => {
    expect(withoutAddresses("connect EADDRNOTAVAIL 10.1.2.3:443 - Local (0.0.0.0:0)")).toBe("connect EADDRNOTAVAIL [address] - Local ([address])");
    expect(withoutAddresses("Hostname/IP does not match certificate's altnames: IP: 93.184.216.34 is not in the cert's list")).not.toMatch(/93\.184/);
    expect(withoutAddresses("connect ECONNREFUSED [fd00::1]:8443")).toBe("connect ECONNREFUSED [address]");
    expect(withoutAddresses("connect ECONNREFUSED ::ffff:10.0.0.1:80")).toBe("connect ECONNREFUSED [address]");
  });
});

describe("signing", () => {
  it("signs as the Standard Webhooks libraries verify", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "generation.completed", timestamp: new Date().toISOString(), data: { id: "gen_1" } });
    const headers = deliveryHeaders(secret, "msg_1", body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ data: { id: "gen_1" } });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
    expect(signature(secret, "msg_1", 1_700_000_000, "{}")).toBe(new Webhook(secret).sign("msg_1", new Date(1_700_000_000_000), "{}"));
  });

  it("backs off along the schedule, the last delay repeating, with ±20 % jitter", () => {
    const schedule = [5_000, 30_000, 120_000];
    expect([1, 2, 3, 4, 9].map((n) => retryDelay(schedule, n, () => 0.5))).toEqual([5_000, 30_000, 120_000, 120_000, 120_000]);
    expect(retryDelay(schedule, 1, () => 0)).toBe(4_000);
    expect(retryDelay(schedule, 1, () => 0.999999)).toBe(6_000);
  });
});

describe("a pinned attempt", () => {
  let server: Server;
  let port: number;
  const seen: IncomingMessage[] = [];
  let next: (res: import("node:http").ServerResponse) => void = (res) => res.end("ok");

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      req.resume();
      req.on("end", () => next(res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const pinned = (path = "/hook") => ({
    url: new URL(`http://pinned.invalid:${port}${path}`), // a name no DNS knows: only the vetted address can be reached
    hostname: "pinned.invalid",
    addresses: [{ address: "127.0.0.1", family: 4 as const }],
  });
  const send = (timeoutMs = 2_000) => sendPinned(pinned(), { headers: { "content-type": "application/json" }, body: "{}", timeoutMs });

  it("connects to the vetted address, whatever the name resolves to", async () => {
    next = (res) => res.end("thanks");
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, error: null, responseSnippet: "thanks" });
    expect(seen.at(-1)!.headers.host).toBe(`pinned.invalid:${port}`);
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    next = (res) => res.writeHead(302, { location: "http://169.254.169.254/" }).end();
    const before = seen.length;
    expect(await send()).toMatchObject({ ok: false, statusCode: 302, error: expect.stringMatching(/redirect.*not followed/) });
    expect(seen.length).toBe(before + 1);
  });

  it("gives up after the timeout", async () => {
    next = () => undefined; // never answers
    const outcome = await send(200);
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: "No answer within 200 ms." });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(190);
  });

  it("reads at most 4 KiB of the answer and keeps a short, printable snippet", async () => {
    next = (res) => {
      res.writeHead(500);
      res.write("\u0000boom ");
      res.write("x".repeat(1024 * 1024)); // a large answer: not read to the end
    };
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: false, statusCode: 500, error: "The receiver answered 500." });
    expect(outcome.responseSnippet!.startsWith("boom x")).toBe(true);
    expect(outcome.responseSnippet!.length).toBe(256);
  });

  it("reports a refused connection", async () => {
    const closed = { ...pinned(), url: new URL("http://pinned.invalid:1/") };
    expect(await sendPinned(closed, { headers: {}, body: "{}", timeoutMs: 2_000 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/refused \(ECONNREFUSED\)/),
    });
  });
});
