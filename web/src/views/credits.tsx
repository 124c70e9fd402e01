import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { LoadMore, usePagedList } from "../paging";
import { useSession } from "../state";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { LowBalanceSetting } from "./credits-alert";
import { BuyCredits } from "./credits-buy";
import { UsageChart } from "./usage-chart";
import { Time } from "../ui/time";
import { plural } from "../ui/words";

const pageSize = 20;

const kindLabel: Record<string, string> = {
  signup_grant: "Welcome credits",
  grant: "Grant",
  charge: "Generation",
  refund: "Refund",
  adjustment: "Adjustment",
  purchase: "Purchase",
};

export function CreditsView() {
  const session = useSession();
  const {
    items: entries,
    page,
    loading,
    error,
    load,
  } = usePagedList(async (after) => {
    const account = await api.ledger(pageSize, after);
    session.setBalance(account.balance);
    return account.ledger;
  });

  // The bytes this account's assets take, against its quota (STORAGE_QUOTA_MB).
  const [storage, setStorage] = useState<{ usedBytes: number; quotaBytes: number } | null>(null);

  useEffect(() => {
    document.title = "Credits · AssetForge";
    void load(null);
    api.storage().then(setStorage, () => setStorage(null));
  }, []);

  return (
    <section class="view">
      <header class="view-head">
        <div>
          <h1 tabIndex={-1}>Credits</h1>
          <p class="muted">Each generation costs its agent's price; failed or canceled ones are refunded.</p>
        </div>
      </header>

      <div class="stats">
        <div class="card stat stat-main">
          <span class="stat-label">Balance</span>
          <span class="stat-value">{session.balance.toLocaleString("en-US")}</span>
          <span class="stat-unit">credits</span>
          <LowBalanceSetting />
        </div>
        <div class="card stat">
          <span class="stat-label">Prices</span>
          <ul class="price-list">
            {session.agents.map((a) => (
              <li key={a.id}>
                <span>{a.name}</span>
                <span class="mono">{plural(a.credits, "credit")}</span>
              </li>
            ))}
          </ul>
        </div>
        <BuyCredits onReturn={() => void session.refreshBalance()} />
        {storage ? (
          <div class="card stat" data-testid="storage">
            <span class="stat-label">Storage</span>
            <span class="stat-value">{megabytes(storage.usedBytes)}</span>
            <span class="stat-unit">of {megabytes(storage.quotaBytes)} used</span>
            <meter min={0} max={storage.quotaBytes} value={storage.usedBytes} high={storage.quotaBytes * 0.9} aria-label="Storage used" />
            <p class="stat-text">A generation that could pass the quota is refused before it costs anything; delete old ones in History to make room.</p>
          </div>
        ) : null}
        <div class="card stat">
          <span class="stat-label">How it works</span>
          <p class="stat-text">
            The price is reserved when a generation starts and stands once the image is stored. Failed or canceled runs give it back. Need more? An admin can
            grant credits.
          </p>
        </div>
      </div>

      <UsageChart />

      <div class="card table-card">
        <div class="table-head">
          <h2>Ledger</h2>
          <Button variant="ghost" small icon="refresh" onClick={() => void load(null)} disabled={loading}>
            Refresh
          </Button>
        </div>
        {error ? <ErrorNote error={error} /> : null}
        <table class="table ledger">
          <caption class="visually-hidden">Every change of your balance, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col" class="num">
                Amount
              </th>
              <th scope="col" class="num">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td class="nowrap muted">
                  <Time iso={e.createdAt} />
                </td>
                <td>
                  <span class={`kind kind-${e.kind}`}>{kindLabel[e.kind] ?? e.kind}</span>
                  {e.reason && e.reason.toLowerCase() !== (kindLabel[e.kind] ?? e.kind).toLowerCase() ? <span class="reason">{e.reason}</span> : null}
                </td>
                <td class={`num mono ${e.amount < 0 ? "neg" : "pos"}`}>
                  {e.amount > 0 ? "+" : e.amount < 0 ? "−" : ""}
                  {Math.abs(e.amount).toLocaleString("en-US")}
                </td>
                <td class="num mono">{e.balanceAfter.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && entries.length === 0 && !error ? <p class="muted pad">No entries yet.</p> : null}
        <div class={loading || page?.hasNextPage ? "list-foot" : "list-foot is-empty"}>
          <LoadMore loading={loading} page={page} label="Loading the ledger" onMore={(after) => void load(after)} />
        </div>
      </div>
    </section>
  );
}

/** Bytes as megabytes, one decimal below 10 MB. */
function megabytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString("en-US")} MB`;
}
