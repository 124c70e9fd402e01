import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { Purchase, Usage } from "../contract";
import { useSession } from "../state";
import { ErrorNote } from "../ui/error-note";
import { money } from "../ui/words";
import { Time } from "../ui/time";

const days = 30;

/** Admins: usage across every account (the last 30 days, by agent) and the latest credit purchases. */
export function AdminOverview() {
  const session = useSession();
  const [data, setData] = useState<{ usage: Usage; purchases: Purchase[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api.adminOverview(days).then(setData, setError);
  }, []);
  if (error) return <ErrorNote error={error} />;
  if (!data) return null;
  const agentName = new Map(session.agents.map((a) => [a.id, a.name]));
  return (
    <div class="stats admin-overview">
      <div class="card stat" data-testid="admin-usage">
        <span class="stat-label">Usage, all accounts, {days} days</span>
        <span class="stat-value">{data.usage.total.credits.toLocaleString("en-US")}</span>
        <span class="stat-unit">credits · {data.usage.total.generations.toLocaleString("en-US")} generations</span>
        <ul class="price-list" aria-label="Usage by agent">
          {data.usage.rows.map((r) => (
            <li key={r.agentId ?? "none"}>
              <span>{r.agentId ? (agentName.get(r.agentId) ?? r.agentId) : "Other"}</span>
              <span class="mono">{r.credits.toLocaleString("en-US")}</span>
            </li>
          ))}
        </ul>
      </div>
      <div class="card stat" data-testid="admin-purchases">
        <span class="stat-label">Latest purchases</span>
        {data.purchases.length === 0 ? <p class="stat-text">No credits bought yet.</p> : null}
        <ul class="price-list" aria-label="Purchases">
          {data.purchases.map((p) => (
            <li key={p.id}>
              <span>
                {p.credits.toLocaleString("en-US")} credits · {money(p.amountCents, p.currency)} · {p.status}
                {p.creditsTakenBack > 0 ? ` · ${p.creditsTakenBack} refunded` : ""}
              </span>
              <span class="muted small">
                <span class="mono">{p.accountId}</span> · <Time iso={p.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
