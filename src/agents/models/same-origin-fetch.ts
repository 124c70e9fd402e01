import { AgentError } from "../driver.js";

/** Redirects followed within one origin before the request is given up. */
const maxRedirects = 3;

/**
 * `fetch` for the model drivers' calls to their configured server: a redirect is followed only
 * within the origin it came from (at most three), never to another one, so a provider cannot
 * steer the service's own requests (and its API key) to another host, a local address included.
 * 307 and 308 repeat the method and body; 301, 302 and 303 continue as a GET without a body, as
 * fetch does. A redirect to another origin fails the attempt as `unavailable`.
 */
export function sameOriginFetch(fetchImpl: typeof fetch): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    if (input instanceof Request) throw new TypeError("sameOriginFetch takes a URL and an init, not a Request");
    let url = new URL(input);
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    for (let hop = 0; ; hop++) {
      const res = await fetchImpl(url, { ...init, method, body, redirect: "manual" });
      const location = res.headers.get("location");
      if (res.status < 300 || res.status > 399 || res.status === 304 || location === null) return res;
      await res.body?.cancel().catch(() => undefined);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new AgentError("unavailable", `The model's server answered a redirect (HTTP ${res.status}) to an unreadable location`);
      }
      if (next.origin !== url.origin) {
        throw new AgentError("unavailable", `The model's server redirected the request to another origin (HTTP ${res.status}); it was not followed`);
      }
      if (hop >= maxRedirects) throw new AgentError("unavailable", `The model's server redirected the request more than ${maxRedirects} times`);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      url = next;
    }
  }) as typeof fetch;
}
