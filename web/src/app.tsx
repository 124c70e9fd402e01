import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, ApiError, errorMessage, onSessionEnded } from "./api";
import type { Agent, GenerateInput, SessionUser } from "./contract";
import { AuthScreen } from "./views/auth";
import { AdminView } from "./views/admin";
import { CreditsView } from "./views/credits";
import { GenerateView } from "./views/generate";
import { HistoryView } from "./views/history";
import { KeysView } from "./views/keys";
import { KitView } from "./views/kit";
import { LowBalanceBanner } from "./views/low-balance-banner";
import { navigate, linkHandler, SessionContext, useRoute, type Route, type Session } from "./state";
import { Button, Spinner } from "./ui/buttons";
import { Icon, Logo, type IconName } from "./ui/icons";
import { plural } from "./ui/words";

interface Booted {
  user: SessionUser;
  balance: number;
  lowBalanceThreshold: number | null;
  agents: Agent[];
  /** Null when an admin disabled the default agent. */
  defaultAgentId: string | null;
}

type Boot = { state: "loading" } | { state: "anonymous" } | { state: "error"; message: string } | { state: "ready"; data: Booted };

export function App() {
  const [boot, setBoot] = useState<Boot>({ state: "loading" });

  const load = useCallback(async () => {
    try {
      const data = await api.boot();
      if (!data.viewer) return setBoot({ state: "anonymous" });
      setBoot({
        state: "ready",
        data: {
          user: data.viewer.user,
          balance: data.viewer.account.balance,
          lowBalanceThreshold: data.viewer.account.lowBalanceThreshold,
          agents: data.agents,
          defaultAgentId: data.defaultAgentId,
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === "unauthenticated") return setBoot({ state: "anonymous" });
      setBoot({ state: "error", message: errorMessage(error) });
    }
  }, []);

  useEffect(() => void load(), [load]);
  // A session that ends meanwhile (expired, signed out in another tab) brings the sign-in screen back.
  useEffect(() => onSessionEnded(() => setBoot((b) => (b.state === "ready" ? { state: "anonymous" } : b))), []);

  if (boot.state === "loading") {
    return (
      <div class="splash">
        <Logo />
        <Spinner label="Loading" />
      </div>
    );
  }
  if (boot.state === "error") {
    return (
      <div class="splash">
        <Logo />
        <p class="error-note" role="alert">
          {boot.message}
        </p>
        <Button variant="primary" icon="refresh" onClick={() => void load()}>
          Retry
        </Button>
      </div>
    );
  }
  if (boot.state === "anonymous") return <AuthScreen onSignedIn={load} />;
  return <SignedIn key={boot.data.user.id} initial={boot.data} onSignedOut={() => setBoot({ state: "anonymous" })} />;
}

const nav: { to: Route; label: string; icon: IconName; admin?: boolean }[] = [
  { to: "/", label: "Generate", icon: "sparkles" },
  { to: "/kit", label: "Kit", icon: "image" },
  { to: "/history", label: "History", icon: "clock" },
  { to: "/credits", label: "Credits", icon: "coins" },
  { to: "/keys", label: "API keys", icon: "key" },
  { to: "/admin", label: "Admin", icon: "shield", admin: true },
];

function SignedIn({ initial, onSignedOut }: { initial: Booted; onSignedOut(): void }) {
  const route = useRoute();
  const [balance, setBalanceState] = useState(initial.balance);
  const [lowBalanceThreshold, setLowBalanceThreshold] = useState(initial.lowBalanceThreshold);
  const [pulse, setPulse] = useState(0);
  const [pendingRun, setPendingRun] = useState<Session["pendingRun"]>(null);
  const [signingOut, setSigningOut] = useState(false);
  const main = useRef<HTMLElement>(null);
  const isAdmin = initial.user.role === "admin";

  const setBalance = useCallback((next: number) => {
    setBalanceState((previous) => {
      if (previous !== next) setPulse((p) => p + 1);
      return next;
    });
  }, []);

  const refreshBalance = useCallback(async () => {
    try {
      const next = await api.account();
      if (next === undefined) onSignedOut();
      else {
        setBalance(next.balance);
        setLowBalanceThreshold(next.lowBalanceThreshold);
      }
    } catch {
      // The header keeps the last known balance.
    }
  }, [setBalance, onSignedOut]);

  // Balance changes made elsewhere (an admin's grant, another tab, an API key) show up on
  // navigation, when the tab comes back, and every half minute while it is visible.
  useEffect(() => void refreshBalance(), [route, refreshBalance]);
  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && void refreshBalance();
    document.addEventListener("visibilitychange", onVisible);
    addEventListener("focus", onVisible);
    const timer = setInterval(onVisible, 30_000);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      removeEventListener("focus", onVisible);
      clearInterval(timer);
    };
  }, [refreshBalance]);

  // Landing on /sign-in while signed in, or on /admin without the role: go to Generate.
  useEffect(() => {
    if (route === "/sign-in" || route === "/sign-up" || (route === "/admin" && !isAdmin)) navigate("/", { replace: true });
  }, [route, isAdmin]);

  // Move focus to the new screen's heading for keyboard and screen-reader users.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>(`[data-view="${route}"] h1`)?.focus();
  }, [route]);

  const session = useMemo<Session>(
    () => ({
      user: initial.user,
      balance,
      lowBalanceThreshold,
      setLowBalanceThreshold,
      agents: initial.agents,
      defaultAgentId: initial.defaultAgentId,
      setBalance,
      refreshBalance,
      pendingRun,
      runAgain: (input: GenerateInput, options: { start: boolean }) => {
        setPendingRun({ input, start: options.start });
        navigate("/");
      },
      clearPendingRun: () => setPendingRun(null),
      signedOut: onSignedOut,
    }),
    [initial, balance, lowBalanceThreshold, setBalance, refreshBalance, pendingRun, onSignedOut],
  );

  const signOut = async () => {
    setSigningOut(true);
    try {
      await api.signOut();
    } catch {
      // Signed out locally either way; the cookie is HttpOnly and the server forgets it on its side.
    }
    navigate("/sign-in", { replace: true });
    onSignedOut();
  };

  const items = nav.filter((item) => !item.admin || isAdmin);
  const view = route === "/sign-in" || route === "/sign-up" ? "/" : route;

  return (
    <SessionContext.Provider value={session}>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <div class="shell">
        <header class="topbar">
          <a class="brand" href="/" onClick={linkHandler("/")} aria-label="AssetForge">
            <Logo />
            <span class="brand-name">
              Asset<span>Forge</span>
            </span>
          </a>
          <div class="topbar-right">
            <a class="balance" href="/credits" onClick={linkHandler("/credits")} title="Your balance: see the ledger">
              <Icon name="coins" size={16} />
              <span key={pulse} class={pulse ? "balance-value pulse" : "balance-value"} aria-live="polite" data-testid="balance">
                {plural(balance, "credit")}
              </span>
            </a>
            <span class="who" title={initial.user.email}>
              <span class="avatar" aria-hidden="true">
                {initial.user.email.slice(0, 1).toUpperCase()}
              </span>
              <span class="who-email">{initial.user.email}</span>
              {isAdmin ? <span class="badge badge-accent">admin</span> : null}
            </span>
            <Button variant="ghost" small icon="logout" busy={signingOut} onClick={signOut} class="signout" aria-label="Sign out" title="Sign out">
              <span class="signout-label">Sign out</span>
            </Button>
          </div>
        </header>
        <nav class="sidenav" aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <a href={item.to} onClick={linkHandler(item.to)} aria-current={view === item.to ? "page" : undefined}>
                  <Icon name={item.icon} />
                  <span>{item.label}</span>
                </a>
              </li>
            ))}
          </ul>
          <div class="sidenav-foot">
            <a href="/graphql" class="muted-link">
              GraphQL explorer
            </a>
          </div>
        </nav>
        <main id="main" ref={main} class="content" tabIndex={-1}>
          <LowBalanceBanner balance={balance} threshold={lowBalanceThreshold} onCreditsPage={view === "/credits"} />
          {/* Generate stays mounted, so a running generation survives a visit to another screen. */}
          <div data-view="/" hidden={view !== "/"}>
            <GenerateView active={view === "/"} />
          </div>
          {view === "/kit" ? (
            <div data-view="/kit">
              <KitView />
            </div>
          ) : null}
          {view === "/history" ? (
            <div data-view="/history">
              <HistoryView />
            </div>
          ) : null}
          {view === "/credits" ? (
            <div data-view="/credits">
              <CreditsView />
            </div>
          ) : null}
          {view === "/keys" ? (
            <div data-view="/keys">
              <KeysView />
            </div>
          ) : null}
          {view === "/admin" && isAdmin ? (
            <div data-view="/admin">
              <AdminView />
            </div>
          ) : null}
        </main>
      </div>
    </SessionContext.Provider>
  );
}
