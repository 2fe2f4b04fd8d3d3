import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { onLiveUpdate } from "../../lib/live-stream";
import "./live-coverage.css";

/**
 * Which articles are live now, for the "Live" badge on cards (decision 236). The public layout's
 * loader reads them with the page (server-rendered, dropped with the lists when coverage starts
 * or ends); an open page follows the stream's `started` / `ended` events.
 */
const LiveArticlesContext = createContext<ReadonlySet<number>>(new Set());

export function LiveArticlesProvider(props: { initial: readonly number[]; children: ReactNode }) {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set(props.initial));
  useEffect(
    () =>
      onLiveUpdate((event) => {
        if (event.action !== "started" && event.action !== "ended") return;
        setIds((current) => {
          const next = new Set(current);
          if (event.action === "started") next.add(event.articleId);
          else next.delete(event.articleId);
          return next;
        });
      }),
    [],
  );
  return <LiveArticlesContext.Provider value={ids}>{props.children}</LiveArticlesContext.Provider>;
}

export function useIsLiveArticle(articleId: number): boolean {
  return useContext(LiveArticlesContext).has(articleId);
}

/** The card's badge: "Live" while the article's coverage runs. */
export function LiveChip({ articleId }: { articleId: number }) {
  if (!useIsLiveArticle(articleId)) return null;
  return (
    <span className="aw-chip aw-chip--live" data-testid="live-chip">
      <span className="aw-chip__dot" aria-hidden="true" />
      Live
    </span>
  );
}
