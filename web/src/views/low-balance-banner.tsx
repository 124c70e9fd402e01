import { linkHandler } from "../state";
import { Icon } from "../ui/icons";
import { plural } from "../ui/words";

/**
 * Shown on every screen while the balance is below the account's low-balance threshold (set on the
 * Credits page; the same one the credits.low webhook event uses). Nothing when no threshold is set.
 */
export function LowBalanceBanner({ balance, threshold, onCreditsPage }: { balance: number; threshold: number | null; onCreditsPage: boolean }) {
  if (threshold === null || balance >= threshold) return null;
  return (
    <div class="low-balance" role="status" data-testid="low-balance">
      <Icon name="coins" size={16} />
      <span>
        Your balance is low: {plural(balance, "credit")}, below your alert at {plural(threshold, "credit")}.
      </span>
      {onCreditsPage ? null : (
        <a href="/credits" onClick={linkHandler("/credits")}>
          Get more credits
        </a>
      )}
    </div>
  );
}
