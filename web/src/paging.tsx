import { useState } from "preact/hooks";
import type { Page } from "./contract";
import { Button, Spinner } from "./ui/buttons";

export type PageInfo = Pick<Page<unknown>, "endCursor" | "hasNextPage">;

/**
 * A list the API answers page by page: `load(null)` reads the first page (replacing the list),
 * `load(page.endCursor)` appends the next one, leaving out what the list already shows. `fetchPage`
 * reads one page; a failure is kept in `error` (cleared by the next load).
 */
export function usePagedList<T extends { id: string }>(fetchPage: (after: string | null) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [page, setPage] = useState<PageInfo | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const load = async (after: string | null) => {
    setLoading(true);
    setError(null);
    try {
      const result = await fetchPage(after);
      setItems((previous) => {
        const seen = new Set(after ? previous.map((item) => item.id) : []);
        return [...(after ? previous : []), ...result.nodes.filter((item) => !seen.has(item.id))];
      });
      setPage({ endCursor: result.endCursor, hasNextPage: result.hasNextPage });
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };

  /** Drops an item from the list as shown (e.g. once deleted), without reloading. */
  const remove = (id: string) => setItems((previous) => previous.filter((item) => item.id !== id));

  return { items, page, loading, error, load, remove };
}

/** The foot of a paged list's controls: a spinner (`label`) while a page loads, then "Load more" while there is one. */
export function LoadMore({ loading, page, label, onMore }: { loading: boolean; page: PageInfo | null; label: string; onMore: (after: string | null) => void }) {
  return (
    <>
      {loading ? <Spinner label={label} /> : null}
      {!loading && page?.hasNextPage ? (
        <Button onClick={() => onMore(page.endCursor)} icon="plus">
          Load more
        </Button>
      ) : null}
    </>
  );
}
