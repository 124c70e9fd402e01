import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpDouble, type HttpDouble } from "../../../test/doubles/http-double.js";
import { AddressRefused, type Resolver } from "./addresses.js";
import { getPublic } from "./public-get.js";

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble((req) =>
    req.path === "/hop"
      ? { kind: "raw", status: 302, body: "", headers: { location: "http://10.0.0.1/secret" } }
      : { kind: "raw", body: "picture", contentType: "image/png" },
  );
});
afterAll(() => server.close());

const refused = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AddressRefused);
  return error as AddressRefused;
};

describe("getPublic", () => {
  it("refuses plain http, credentials, and hosts that are or resolve to non-public addresses, saying why only in `detail`", async () => {
    expect((await refused(getPublic("http://example.com/a.png"))).detail).toBe("http: URL");
    expect((await refused(getPublic("https://u:p@example.com/a.png"))).detail).toBe("credentials in the URL");
    expect((await refused(getPublic("https://127.0.0.1/a.png"))).detail).toContain("loopback");
    expect((await refused(getPublic("https://[::ffff:10.0.0.1]/a.png"))).detail).toContain("private");
    const internal: Resolver = async () => [{ address: "169.254.169.254", family: 4 }];
    const error = await refused(getPublic("https://metadata.example/a.png", { resolve: internal }));
    expect(error.detail).toBe("metadata.example resolves to 169.254.169.254, which is a link-local address");
    expect(error.message).not.toContain("169.254");
  });

  it("connects to the addresses it checked, whatever the name: the name is only resolved by the guard", async () => {
    const port = new URL(server.origin).port;
    const resolve: Resolver = async (name) => (name === "cdn.test" ? [{ address: "127.0.0.1", family: 4 }] : []);
    const res = await getPublic(`http://cdn.test:${port}/a.png`, { resolve, allowPrivate: true });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("picture");
    expect(server.requests.at(-1)!.headers.host).toBe(`cdn.test:${port}`);
  });

  it("follows a redirect only to where the guard allows", async () => {
    const port = new URL(server.origin).port;
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    // allowPrivate lets the first hop reach the local double; the redirect then goes to plain http on
    // 10.0.0.1, which only allowPrivate would let through: without it the first hop is refused already.
    expect((await refused(getPublic(`https://cdn.test:${port}/hop`, { resolve }))).detail).toContain("loopback");
  });
});
