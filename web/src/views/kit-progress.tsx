import type { Kit } from "../contract";
import type { ItemProgress } from "../kit";
import { plural } from "../ui/words";

const statusLabel = (p: ItemProgress | undefined): string => {
  if (!p || p.status === "queued") return "Queued…";
  if (p.status === "succeeded") return "Done";
  if (p.status === "failed") return "Failed (refunded)";
  return p.stage ? `${p.stage.charAt(0).toUpperCase()}${p.stage.slice(1).replace(/[-_]/g, " ")}…` : "Starting…";
};

/** A kit while it runs: each item's progress from the kit's events, until kit.completed. */
export function KitProgress({ kit, progress }: { kit: Kit; progress: Record<string, ItemProgress> }) {
  const done = kit.items.filter((i) => progress[i.name]?.status === "succeeded" || progress[i.name]?.status === "failed").length;
  return (
    <section class="card kit-progress" aria-label="Kit progress" data-testid="kit-progress" aria-busy="true">
      <h2>
        Making {plural(kit.items.length, "item")}: {done} done
      </h2>
      <p class="small muted">
        {plural(kit.credits.charged, "credit")} reserved (an item that fails is refunded) · balance {kit.credits.balance.toLocaleString("en-US")}
      </p>
      <ul class="kit-progress-items">
        {kit.items.map((item) => {
          const p = progress[item.name];
          return (
            <li key={item.name} data-testid="kit-progress-item" data-status={p?.status ?? "queued"}>
              <span class="kit-item-name">{item.name}</span>
              <progress max={100} value={p?.percent ?? 0} aria-label={`${item.name} progress`} />
              <span class="small muted">{statusLabel(p)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
