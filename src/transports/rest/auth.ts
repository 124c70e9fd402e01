import type { H3 } from "h3";
import type { Services } from "../../services.js";
import { assertSameOrigin } from "../http/auth.js";
import { readJsonBody } from "../http/body.js";
import { jsonResponse } from "../http/responses.js";
import { route } from "./route.js";

export interface AuthRouteDeps {
  services: Services;
  publicOrigin: string;
  bodyLimitBytes: number;
}

/** Sign-up, sign-in, sign-out and the current session (contract section 2). */
export function authRoutes(app: H3, { services, publicOrigin, bodyLimitBytes }: AuthRouteDeps): void {
  const { accounts, sessions } = services;

  route(app, "POST", "/api/auth/sign-up", { allow: "public" }, async ({ request, state }) => {
    assertSameOrigin(request, publicOrigin, true); // no login CSRF from a foreign page
    const body = await readJsonBody(request, bodyLimitBytes);
    const result = await accounts.signUp(body);
    state.cookies.push((await sessions.create(result.user.id)).serialized);
    state.accountId = result.account.id;
    return jsonResponse(result, 201);
  });

  route(app, "POST", "/api/auth/sign-in", { allow: "public" }, async ({ request, state }) => {
    assertSameOrigin(request, publicOrigin, true);
    const body = await readJsonBody(request, bodyLimitBytes);
    const user = await accounts.signIn(body);
    state.cookies.push((await sessions.create(user.id)).serialized);
    state.accountId = user.accountId;
    return accounts.me(user.id);
  });

  route(app, "POST", "/api/auth/sign-out", { allow: "public" }, async ({ state }) => {
    // Not swallowed like other public routes: a foreign Origin must not sign anyone out.
    const viewer = await state.viewer();
    if (viewer.kind === "session") await sessions.invalidate(viewer.sessionId);
    state.cookies.push(sessions.blankCookie().serialized);
    return new Response(null, { status: 204 });
  });

  route(app, "GET", "/api/auth/session", { allow: "session" }, ({ viewer }) => accounts.me(viewer.user.id));
}
