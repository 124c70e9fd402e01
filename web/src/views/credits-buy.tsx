import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { CreditPack } from "../contract";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { money } from "../ui/words";

/**
 * The packs on sale, each with a Buy button that opens Stripe Checkout. Nothing when buying credits
 * is off (no packs). Back from Stripe (`?purchase=done`), the credits come with Stripe's webhook.
 */
export function BuyCredits({ onReturn }: { onReturn(): void }) {
  const [packs, setPacks] = useState<CreditPack[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const returned = new URLSearchParams(location.search).get("purchase");

  useEffect(() => {
    api.packs().then(setPacks, () => setPacks([]));
    if (returned === "done") onReturn();
  }, []);

  if (packs.length === 0) return null;
  const buy = async (pack: string) => {
    setBusy(pack);
    setError(null);
    try {
      const { url } = await api.checkout(pack);
      location.assign(url);
    } catch (caught) {
      setError(caught);
      setBusy(null);
    }
  };
  return (
    <div class="card stat buy" data-testid="buy-credits">
      <span class="stat-label">Buy credits</span>
      {returned === "done" ? (
        <p class="stat-text" role="status">
          Thanks! Your credits arrive as soon as Stripe confirms the payment.
        </p>
      ) : null}
      <ul class="price-list">
        {packs.map((p) => (
          <li key={p.name}>
            <span>
              {p.credits.toLocaleString("en-US")} credits · {money(p.priceCents, p.currency)}
            </span>
            <Button small variant="primary" busy={busy === p.name} disabled={busy !== null} onClick={() => void buy(p.name)} aria-label={`Buy ${p.name}`}>
              Buy
            </Button>
          </li>
        ))}
      </ul>
      {error ? <ErrorNote error={error} /> : null}
    </div>
  );
}
