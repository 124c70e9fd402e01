import { describe, expect, it } from "vitest";
import { ifNoneMatch } from "./conditional.js";

describe("If-None-Match (RFC 9110)", () => {
  const etag = '"abc"';
  it("matches the strong tag, its weak form, a list and *", () => {
    expect(ifNoneMatch('"abc"', etag)).toBe(true);
    expect(ifNoneMatch('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatch('"x", W/"abc" ,"y"', etag)).toBe(true);
    expect(ifNoneMatch("*", etag)).toBe(true);
    expect(ifNoneMatch(" * ", etag)).toBe(true);
    expect(ifNoneMatch('"x",,"abc"', etag)).toBe(true);
  });
  it("matches any of several current tags (a gzip variant)", () => {
    expect(ifNoneMatch('"abc-gz"', etag, '"abc-gz"')).toBe(true);
  });
  it("does not match other tags, unquoted tags or a malformed header", () => {
    expect(ifNoneMatch(null, etag)).toBe(false);
    expect(ifNoneMatch("", etag)).toBe(false);
    expect(ifNoneMatch('"abcd"', etag)).toBe(false);
    expect(ifNoneMatch("abc", etag)).toBe(false);
    expect(ifNoneMatch('w/"abc"', etag)).toBe(false);
    expect(ifNoneMatch('"abc" junk', etag)).toBe(false);
    expect(ifNoneMatch('"x", *', etag)).toBe(false);
  });
  it("reads a comma inside an entity tag as part of the tag", () => {
    expect(ifNoneMatch('"a,b"', '"a,b"')).toBe(true);
    expect(ifNoneMatch('"a,b"', '"a"')).toBe(false);
  });
});
