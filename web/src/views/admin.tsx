import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import type { AdminAccount, Page } from "../contract";
import { LoadMore } from "../paging";
import { useSession } from "../state";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { Icon } from "../ui/icons";
import { Time } from "../ui/time";
import { plural } from "../ui/words";
import { AdminOverview } from "./admin-overview";

const pageSize = 20;

export function AdminView() {
  const session = useSession();
  const [search, setSearch] = useState("");
  const [accounts, setAccounts] = useState<AdminAccount[]>([]);
  const [page, setPage] = useState<(Pick<Page<AdminAccount>, "endCursor" | "hasNextPage"> & { totalCount: number }) | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState<string | null>(null);
  const query = useRef(0);

  const load = async (term: string, after: string | null) => {
    const mine = ++query.current;
    setLoading(true);
    setError(null);
    try {
      const result = await api.accounts(term, pageSize, after);
      if (mine !== query.current) return;
      setAccounts((previous) => [...(after ? previous : []), ...result.nodes]);
      setPage({ endCursor: result.endCursor, hasNextPage: result.hasNextPage, totalCount: result.totalCount });
    } catch (e) {
      if (mine === query.current) setError(e);
    } finally {
      if (mine === query.current) setLoading(false);
    }
  };

  useEffect(() => {
    document.title = "Admin · AssetForge";
  }, []);

  // Search as you type (debounced).
  useEffect(() => {
    const timer = setTimeout(() => void load(search, null), search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search]);

  const updated = (id: string, balance: number) => {
    setAccounts((previous) => previous.map((a) => (a.id === id ? { ...a, balance } : a)));
    if (id === accounts.find((a) => a.user?.id === session.user.id)?.id) session.setBalance(balance);
  };

  return (
    <section class="view">
      <header class="view-head">
        <div>
          <h1 tabIndex={-1}>Admin</h1>
          <p class="muted">Every account and its balance. Grants and adjustments are written to the account's ledger with your reason.</p>
        </div>
      </header>

      <AdminOverview />

      <form
        class="card search-card"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void load(search, null);
        }}
      >
        <label for="admin-search">Search by email</label>
        <div class="search-input">
          <Icon name="search" />
          <input
            id="admin-search"
            type="search"
            placeholder="name@example.com"
            value={search}
            onInput={(e) => setSearch(e.currentTarget.value)}
            autoComplete="off"
          />
        </div>
        {page ? (
          <span class="muted small search-count" aria-live="polite">
            {page.totalCount.toLocaleString("en-US")} account{page.totalCount === 1 ? "" : "s"}
          </span>
        ) : null}
      </form>

      {error ? <ErrorNote error={error} /> : null}

      <ul class="account-list" aria-label="Accounts">
        {accounts.map((a) => (
          <li key={a.id} class="card account-row">
            <div class="account-main">
              <span class="avatar" aria-hidden="true">
                {(a.user?.email ?? "?").slice(0, 1).toUpperCase()}
              </span>
              <div class="account-who">
                <span class="account-email">
                  <span>{a.user?.email ?? "(no user)"}</span>
                  {a.user?.role === "admin" ? <span class="badge badge-accent">admin</span> : null}
                </span>
                <span class="muted small mono">
                  {a.id} · joined <Time iso={a.createdAt} />
                </span>
              </div>
              <div class="account-balance">
                <span class="mono">{a.balance.toLocaleString("en-US")}</span>
                <span class="muted small">credits</span>
              </div>
              <Button
                small
                variant={open === a.id ? "ghost" : "secondary"}
                icon={open === a.id ? "x" : "coins"}
                aria-expanded={open === a.id ? "true" : "false"}
                aria-controls={open === a.id ? `credit-form-${a.id}` : undefined}
                title={open === a.id ? undefined : "Grant or adjust this account's credits"}
                onClick={() => setOpen(open === a.id ? null : a.id)}
              >
                {open === a.id ? "Close" : "Grant credits"}
                <span class="visually-hidden">
                  {" "}
                  {open === a.id ? "the form of" : "to"} {a.user?.email ?? a.id}
                </span>
              </Button>
            </div>
            {open === a.id ? <CreditForm account={a} onDone={(balance) => updated(a.id, balance)} /> : null}
          </li>
        ))}
      </ul>

      {!loading && accounts.length === 0 && !error ? <p class="muted pad">No account matches “{search}”.</p> : null}
      <div class="list-foot">
        <LoadMore loading={loading} page={page} label="Loading accounts" onMore={(after) => void load(search, after)} />
      </div>
    </section>
  );
}

function CreditForm({ account, onDone }: { account: AdminAccount; onDone(balance: number): void }) {
  const [kind, setKind] = useState<"grant" | "adjust">("grant");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const first = useRef<HTMLSelectElement>(null);
  const id = account.id;

  useEffect(() => first.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    setBusy(true);
    const value = Number(amount);
    try {
      const result = kind === "grant" ? await api.grantCredits(id, value, reason.trim()) : await api.adjustCredits(id, value, reason.trim());
      onDone(result.balance);
      setDone(
        `${kind === "grant" ? "Granted" : "Adjusted by"} ${value > 0 && kind === "adjust" ? "+" : ""}${value.toLocaleString("en-US")}. New balance: ${plural(result.balance, "credit")}.`,
      );
      setAmount("");
      setReason("");
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="credit-form" id={`credit-form-${id}`} onSubmit={submit} aria-label={`Change the balance of ${account.user?.email ?? id}`}>
      <div class="field">
        <label for={`kind-${id}`}>Action</label>
        <div class="select">
          <select id={`kind-${id}`} ref={first} value={kind} onChange={(e) => setKind(e.currentTarget.value as "grant" | "adjust")}>
            <option value="grant">Grant (add credits)</option>
            <option value="adjust">Adjust (signed correction)</option>
          </select>
        </div>
      </div>
      <div class="field">
        <label for={`amount-${id}`}>Amount</label>
        <input
          id={`amount-${id}`}
          type="number"
          inputMode="numeric"
          step={1}
          min={kind === "grant" ? 1 : undefined}
          required
          placeholder={kind === "grant" ? "100" : "-10"}
          value={amount}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
      </div>
      <div class="field grow">
        <label for={`reason-${id}`}>Reason</label>
        <input
          id={`reason-${id}`}
          type="text"
          required
          maxLength={500}
          placeholder="e.g. beta tester"
          value={reason}
          onInput={(e) => setReason(e.currentTarget.value)}
        />
      </div>
      <div class="field field-button credit-buttons">
        <Button type="submit" variant="primary" busy={busy}>
          {kind === "grant" ? "Grant credits" : "Adjust credits"}
        </Button>
      </div>
      <div class="full" aria-live="polite">
        <ErrorNote error={error} />
        {done ? (
          <p class="success-note">
            <Icon name="check" size={16} />
            {done}
          </p>
        ) : null}
      </div>
    </form>
  );
}
