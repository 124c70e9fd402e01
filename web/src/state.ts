import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import type { Agent, GenerateInput, SessionUser } from "./contract";

// ---------------------------------------------------------------------------------------------
// Routing: real paths (the server answers index.html for them), History API.

export const routes = ["/", "/kit", "/history", "/credits", "/keys", "/admin", "/sign-in", "/sign-up"] as const;
export type Route = (typeof routes)[number];

const current = (): Route => {
  const path = location.pathname.replace(/\/+$/, "") || "/";
  return (routes as readonly string[]).includes(path) ? (path as Route) : "/";
};

const listeners = new Set<() => void>();
addEventListener("popstate", () => {
  for (const l of listeners) l();
});

export function navigate(to: Route, options: { replace?: boolean } = {}): void {
  if (location.pathname === to) return;
  if (options.replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  for (const l of listeners) l();
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return route;
}

/** An <a> that navigates in-app (keeps middle-click and modifiers working). */
export function linkHandler(to: Route) {
  return (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
}

// ---------------------------------------------------------------------------------------------
// The signed-in session, shared by every screen.

export interface Session {
  user: SessionUser;
  balance: number;
  /** Below this the app shows a banner (and credits.low is sent); null: never. */
  lowBalanceThreshold: number | null;
  setLowBalanceThreshold(credits: number | null): void;
  agents: Agent[];
  /** Null when an admin disabled the default agent. */
  defaultAgentId: string | null;
  setBalance(balance: number): void;
  /** Re-reads the balance (after an action whose answer does not carry it). */
  refreshBalance(): Promise<void>;
  /** Asks the Generate screen to run (or only prefill) these settings. */
  runAgain(input: GenerateInput, options: { start: boolean }): void;
  pendingRun: { input: GenerateInput; start: boolean } | null;
  clearPendingRun(): void;
  signedOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside the signed-in app");
  return session;
}
