import { useEffect, useRef, useState } from "preact/hooks";
import { sizeRange } from "../agent-text";
import { api, ApiError } from "../api";
import type { Agent } from "../contract";
import { navigate, useRoute } from "../state";
import { PixelArt, showcase } from "../sprites";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { Logo } from "../ui/icons";

type Mode = "sign-in" | "sign-up";

const knownKey = "ags.signedInBefore";

/**
 * Sign in and sign up on one form. Each button does what it says: "Sign in" / "Sign up" submit
 * in their own mode; the other one switches mode (and, with both fields filled, goes ahead).
 */
export function AuthScreen({ onSignedIn }: { onSignedIn(): Promise<void> }) {
  const route = useRoute();
  const remembered = (() => {
    try {
      return localStorage.getItem(knownKey) === "1";
    } catch {
      return false;
    }
  })();
  const mode: Mode = route === "/sign-up" ? "sign-up" : route === "/sign-in" ? "sign-in" : remembered ? "sign-in" : "sign-up";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  // The showcase names the agents this service really offers, with their real sizes.
  const [agents, setAgents] = useState<Agent[] | null>(null);

  useEffect(() => {
    let live = true;
    api.agents().then(
      (answer) => live && setAgents(answer.agents.map((a) => ({ ...a, knows: a.knows ?? null, sheet: a.sheet ?? null, tileset: a.tileset ?? null }))),
      () => undefined, // unknown: the cards stay, without an agent line
    );
    return () => void (live = false);
  }, []);

  useEffect(() => {
    document.title = mode === "sign-up" ? "Sign up · AssetForge" : "Sign in · AssetForge";
  }, [mode]);

  const submit = async (as: Mode) => {
    setError(null);
    setBusy(true);
    try {
      if (as === "sign-up") await api.signUp(email, password);
      else await api.signIn(email, password);
      try {
        localStorage.setItem(knownKey, "1");
      } catch {
        // private mode
      }
      if (location.pathname === "/sign-in" || location.pathname === "/sign-up") navigate("/", { replace: true });
      await onSignedIn();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  const switchTo = (next: Mode) => {
    setError(null);
    navigate(next === "sign-up" ? "/sign-up" : "/sign-in");
    const form = emailInput.current?.form;
    if (email && password && form?.checkValidity()) void submit(next);
    else emailInput.current?.focus();
  };

  const fieldError = error instanceof ApiError ? error.param : undefined;
  const signUp = mode === "sign-up";

  return (
    <div class="auth">
      <div class="auth-art" aria-hidden="true">
        <div class="auth-art-inner">
          <p class="auth-kicker">Game assets on demand</p>
          <p class="auth-tagline">Sprites, icons and seamless textures from a sentence.</p>
          <div class="showcase">
            {showcase.map((sprite, i) => {
              const agent = agents?.find((a) => a.id === sprite.agentId);
              // An agent this service does not offer: no card promising it.
              if (agents && !agent) return null;
              return (
                <figure class="showcase-card" key={sprite.caption} style={{ animationDelay: `${i * 120}ms` }} data-agent={sprite.agentId}>
                  <div class="checker showcase-stage">
                    <PixelArt sprite={sprite} />
                  </div>
                  <figcaption>
                    <span>{sprite.caption}</span>
                    <span class="muted showcase-agent">
                      {agent ? (
                        <>
                          {agent.name} · <span class="nowrap">{sizeRange(agent)}</span>
                        </>
                      ) : (
                        "\u00a0"
                      )}
                    </span>
                  </figcaption>
                </figure>
              );
            })}
          </div>
          <ul class="auth-points">
            <li>Each stage live as it draws, and previews from agents that send them</li>
            <li>Same prompt and seed, same pixels</li>
            <li>API keys for your build scripts and coding agents</li>
          </ul>
        </div>
      </div>
      <main class="auth-panel">
        <form
          class="card auth-card"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(mode);
          }}
        >
          <div class="auth-brand">
            <Logo />
            <span class="brand-name">
              Asset<span>Forge</span>
            </span>
          </div>
          <h1>{signUp ? "Create your account" : "Welcome back"}</h1>
          <p class="muted">{signUp ? "New accounts start with free credits. No card needed." : "Sign in to generate, browse your history and manage keys."}</p>

          <div class="field">
            <label for="auth-email">Email</label>
            <input
              id="auth-email"
              ref={emailInput}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
              aria-invalid={fieldError === "email" ? "true" : undefined}
              aria-describedby={error ? "auth-error" : undefined}
            />
          </div>
          <div class="field">
            <label for="auth-password">Password</label>
            <input
              id="auth-password"
              type="password"
              name="password"
              autoComplete={signUp ? "new-password" : "current-password"}
              required
              minLength={signUp ? 8 : undefined}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
              aria-invalid={fieldError === "password" ? "true" : undefined}
              aria-describedby={signUp ? "auth-password-hint" : undefined}
            />
            {signUp ? (
              <p class="hint" id="auth-password-hint">
                At least 8 characters.
              </p>
            ) : null}
          </div>

          <ErrorNote error={error} id="auth-error" />

          <Button type="submit" variant="primary" class="btn-block" busy={busy}>
            {signUp ? "Sign up" : "Sign in"}
          </Button>

          <p class="auth-switch">
            {signUp ? "Already have an account?" : "New here?"}{" "}
            <button type="button" class="link-button" disabled={busy} onClick={() => switchTo(signUp ? "sign-in" : "sign-up")}>
              {signUp ? "Sign in" : "Sign up"}
            </button>
          </p>
        </form>
      </main>
    </div>
  );
}
