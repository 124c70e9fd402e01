import type { Services } from "../../services.js";
import { assertTrustedOrigin } from "../../domain/auth/viewer.js";
import { assertFormOrigin } from "../http/auth.js";
import { jsonResponse } from "../http/responses.js";
import type { RestHandlers } from "./route.js";

/** Sign-up, sign-in, sign-out and the current session (contract section 2). */
export function authHandlers(
  services: Services,
  allowedOrigins: readonly string[],
): Pick<RestHandlers, "signUp" | "signIn" | "signOut" | "session" | "updateAccount"> {
  const { accounts, sessions } = services;
  return {
    signUp: async ({ request, state, body }) => {
      assertFormOrigin(request, allowedOrigins); // no login CSRF from a foreign page
      await services.authThrottle.signUp(state.clientAddress);
      const result = await accounts.signUp(body);
      state.cookies.push((await sessions.create(result.user.id)).serialized);
      state.accountId = result.account.id;
      return jsonResponse(result, 201);
    },
    signIn: async ({ request, state, body }) => {
      assertFormOrigin(request, allowedOrigins);
      await services.authThrottle.signIn(body.email, state.clientAddress);
      const user = await accounts.signIn(body);
      state.cookies.push((await sessions.create(user.id)).serialized);
      state.accountId = user.accountId;
      return accounts.me(user.id);
    },
    signOut: async ({ state }) => {
      // Not swallowed like other public routes: a foreign Origin must not sign anyone out.
      const viewer = await state.viewer();
      if (viewer.kind === "session") {
        assertTrustedOrigin(viewer);
        await sessions.invalidate(viewer.sessionId);
      }
      state.cookies.push(sessions.blankCookie().serialized);
      return new Response(null, { status: 204 });
    },
    session: ({ viewer }) => accounts.me(viewer.user.id),
    updateAccount: ({ viewer, body }) => accounts.updateSettings(viewer.user.accountId, body),
  };
}
