import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import type { ApiKey, KeyBudget } from "../contract";
import { Button, CopyButton, Spinner } from "../ui/buttons";
import { ConfirmDialog } from "../ui/dialog";
import { DeleteAccount } from "./delete-account";
import { ErrorNote } from "../ui/error-note";
import { Icon } from "../ui/icons";
import { Time } from "../ui/time";

/** A listed key; `revokedAt` only for a key revoked on this page (the API lists active keys only). */
type ListedKey = ApiKey & { revokedAt?: string };

export function KeysView() {
  const [keys, setKeys] = useState<ListedKey[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"generate" | "read">("generate");
  // Empty: no budget. A whole number of credits per period otherwise.
  const [budgetCredits, setBudgetCredits] = useState("");
  const [budgetPeriod, setBudgetPeriod] = useState<KeyBudget["period"]>("day");
  const [editing, setEditing] = useState<string | null>(null);
  const [editError, setEditError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);
  // The secret lives only here, in memory: gone on reload, and never fetchable again.
  const [created, setCreated] = useState<{ secret: string; key: ApiKey } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<unknown>(null);
  const secretCard = useRef<HTMLDivElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const justRevoked = useRef(false);
  // Said to screen readers after a revocation (the dialog and its button are gone by then).
  const [status, setStatus] = useState("");

  const load = async () => {
    setLoadError(null);
    try {
      setKeys(await api.apiKeys());
    } catch (e) {
      setLoadError(e);
    }
  };

  useEffect(() => {
    document.title = "API keys · AssetForge";
    void load();
  }, []);

  useEffect(() => {
    // Keyboard users land on the copy button; the secret itself stays unselected until focused.
    if (created) secretCard.current?.querySelector<HTMLButtonElement>(".secret-row button")?.focus();
  }, [created]);

  const create = async (event: Event) => {
    event.preventDefault();
    setCreateError(null);
    setCreating(true);
    try {
      const budget = budgetCredits.trim() === "" ? null : { credits: Number(budgetCredits), period: budgetPeriod };
      const result = await api.createApiKey(name.trim(), scope === "generate" ? ["generate"] : ["read"], budget);
      setCreated({ secret: result.secret, key: result.apiKey });
      setName("");
      setBudgetCredits("");
      setKeys((previous) => [result.apiKey, ...(previous ?? []).filter((k) => k.id !== result.apiKey.id)]);
    } catch (e) {
      setCreateError(e);
    } finally {
      setCreating(false);
    }
  };

  const saveBudget = async (k: ApiKey, budget: KeyBudget | null) => {
    setEditError(null);
    try {
      const updated = await api.setKeyBudget(k.id, budget);
      setKeys((previous) => (previous ?? []).map((x) => (x.id === k.id ? updated : x)));
      setEditing(null);
    } catch (e) {
      setEditError(e);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      await api.revokeApiKey(revoking.id);
      // It stays listed, as revoked, until the page is left: the list says what just happened.
      const revokedAt = new Date().toISOString();
      setKeys((previous) => (previous ?? []).map((k) => (k.id === revoking.id ? { ...k, revokedAt } : k)));
      if (created?.key.id === revoking.id) setCreated(null);
      setRevoking(null);
      setStatus(`“${revoking.name}” is revoked.`);
      justRevoked.current = true;
    } catch (e) {
      setRevokeError(e);
    } finally {
      setRevokeBusy(false);
    }
  };

  const active = (keys ?? []).filter((k) => !k.revokedAt);
  const revoked = (keys?.length ?? 0) - active.length;

  return (
    <section class="view">
      <header class="view-head">
        <div>
          <h1 tabIndex={-1}>API keys</h1>
          <p class="muted">
            Keys let scripts and coding agents call <code>POST /api/v1/generate</code> with <code>Authorization: Bearer ags_…</code>.
          </p>
        </div>
      </header>

      <form class="card key-form" onSubmit={create}>
        <div class="field grow">
          <label for="key-name">Key name</label>
          <input
            id="key-name"
            type="text"
            required
            maxLength={100}
            placeholder="e.g. build pipeline"
            autoComplete="off"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            aria-describedby={createError ? "key-error" : undefined}
          />
        </div>
        <div class="field">
          <label for="key-scope">Access</label>
          <div class="select">
            <select id="key-scope" value={scope} onChange={(e) => setScope(e.currentTarget.value as "generate" | "read")}>
              <option value="generate">Generate and read</option>
              <option value="read">Read only</option>
            </select>
          </div>
        </div>
        <div class="field">
          <label for="key-budget">Budget (credits, optional)</label>
          <input
            id="key-budget"
            type="number"
            min={1}
            max={1_000_000_000}
            step={1}
            placeholder="no limit"
            value={budgetCredits}
            onInput={(e) => setBudgetCredits(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="key-budget-period">Per</label>
          <div class="select">
            <select id="key-budget-period" value={budgetPeriod} onChange={(e) => setBudgetPeriod(e.currentTarget.value as KeyBudget["period"])}>
              <option value="day">day (UTC)</option>
              <option value="month">month (UTC)</option>
              <option value="total">in total</option>
            </select>
          </div>
        </div>
        <div class="field field-button">
          <Button type="submit" variant="primary" icon="plus" busy={creating}>
            Create key
          </Button>
        </div>
        {createError ? (
          <div class="full">
            <ErrorNote error={createError} id="key-error" />
          </div>
        ) : null}
      </form>

      {created ? (
        <div class="card secret-card" role="region" aria-label="New API key" ref={secretCard}>
          <div class="secret-head">
            <Icon name="key" />
            <div>
              <h2>Copy “{created.key.name}” now</h2>
              <p class="muted">This is the only time the whole key is shown. Store it somewhere safe; we keep only its hash.</p>
            </div>
          </div>
          <div class="secret-row">
            <code id="key-secret" class="secret" role="textbox" aria-readonly="true" aria-label="Secret key" tabIndex={0}>
              {created.secret}
            </code>
            <CopyButton variant="primary" text={created.secret} label="Copy key" />
          </div>
          <div class="secret-foot">
            <Button variant="ghost" small onClick={() => setCreated(null)}>
              I saved it, hide the key
            </Button>
          </div>
        </div>
      ) : null}

      <div class="card table-card">
        <div class="table-head">
          <h2 ref={listHeading} tabIndex={-1}>
            Your keys
          </h2>
          {keys ? (
            <span class="muted small" data-testid="key-count">
              {active.length} active{revoked > 0 ? ` · ${revoked} revoked` : ""}
            </span>
          ) : null}
        </div>
        {loadError ? <ErrorNote error={loadError} /> : null}
        {!keys && !loadError ? (
          <div class="list-foot">
            <Spinner label="Loading keys" />
          </div>
        ) : null}
        {keys && active.length === 0 ? <p class="muted pad">No active keys. Create one above.</p> : null}
        {keys && keys.length > 0 ? (
          <ul class="key-list" aria-label="API keys">
            {keys.map((k) => (
              <li key={k.id} class={`key-row${k.revokedAt ? " is-revoked" : ""}`}>
                <div class="key-main">
                  <span class="key-name">{k.name}</span>
                  <span class="mono key-start">{k.start}…</span>
                </div>
                <div class="key-meta">
                  <span class="badge">{k.scopes.join(", ")}</span>
                  <span>
                    Created <Time iso={k.createdAt} />
                  </span>
                  <span>
                    {k.lastUsedAt ? (
                      <>
                        Last used <Time iso={k.lastUsedAt} />
                      </>
                    ) : (
                      "Never used"
                    )}
                  </span>
                  {k.expiresAt ? (
                    <span>
                      Expires <Time iso={k.expiresAt} />
                    </span>
                  ) : null}
                  <span data-testid="key-budget">
                    {k.budget
                      ? `${k.spent} of ${k.budget.credits} credits ${k.budget.period === "total" ? "in total" : `this ${k.budget.period}`}`
                      : `${k.spent} credits spent · no budget`}
                  </span>
                  {k.revokedAt ? null : editing === k.id ? (
                    <BudgetEditor
                      current={k.budget}
                      error={editError}
                      onSave={(b) => void saveBudget(k, b)}
                      onCancel={() => {
                        setEditing(null);
                        setEditError(null);
                      }}
                    />
                  ) : (
                    <Button small variant="ghost" aria-label={`Budget of ${k.name}`} onClick={() => setEditing(k.id)}>
                      Budget
                    </Button>
                  )}
                </div>
                {k.revokedAt ? (
                  <span class="badge badge-revoked">
                    Revoked&nbsp;
                    <Time iso={k.revokedAt} />
                  </span>
                ) : (
                  <Button
                    small
                    variant="ghost"
                    icon="trash"
                    class="key-revoke"
                    aria-label={`Revoke ${k.name}`}
                    onClick={() => {
                      setRevokeError(null);
                      setRevoking(k);
                    }}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <p class="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        busy={revokeBusy}
        error={revokeError}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
        // After a revocation the Revoke button that opened the dialog is gone: the list's heading takes focus.
        focusAfterClose={() => {
          if (!justRevoked.current) return undefined;
          justRevoked.current = false;
          return listHeading.current;
        }}
      >
        <p>
          <strong>{revoking?.name}</strong> (<span class="mono">{revoking?.start}…</span>) stops working at once: every call with it answers 401. This cannot be
          undone.
        </p>
      </ConfirmDialog>

      <DeleteAccount />
    </section>
  );
}

/** A key's budget, changed in place: credits (empty: no budget) per day, month or in total. */
function BudgetEditor(props: { current: KeyBudget | null; error: unknown; onSave: (budget: KeyBudget | null) => void; onCancel: () => void }) {
  const [credits, setCredits] = useState(props.current ? String(props.current.credits) : "");
  const [period, setPeriod] = useState<KeyBudget["period"]>(props.current?.period ?? "day");
  return (
    <form
      class="budget-editor"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave(credits.trim() === "" ? null : { credits: Number(credits), period });
      }}
    >
      <input
        type="number"
        min={1}
        max={1_000_000_000}
        step={1}
        aria-label="Budget in credits (empty: no budget)"
        placeholder="no limit"
        value={credits}
        onInput={(e) => setCredits(e.currentTarget.value)}
      />
      <select aria-label="Budget period" value={period} onChange={(e) => setPeriod(e.currentTarget.value as KeyBudget["period"])}>
        <option value="day">per day</option>
        <option value="month">per month</option>
        <option value="total">in total</option>
      </select>
      <Button small type="submit" variant="primary">
        Save
      </Button>
      <Button small variant="ghost" onClick={props.onCancel}>
        Cancel
      </Button>
      {props.error ? <ErrorNote error={props.error} /> : null}
    </form>
  );
}
