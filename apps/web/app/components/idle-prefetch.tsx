import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PrefetchPageLinks } from "react-router";

/** The longest the screen's own data is waited for before the prefetch starts anyway. */
const contentWaitMs = 10_000;

/** Runs the callback when the browser is next idle (at most 2 s later); returns its cancel. */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
}

/**
 * Fetches, once the screen's content has painted and the browser is idle, the code a later tap
 * needs (decision 301): the pages' route modules and their imports as `<link rel="modulepreload">`
 * (React Router's PrefetchPageLinks, which also loads the route modules), then each of `load`
 * (a lazy component's import), one per idle period. "Painted" is when no query of the screen is
 * in flight any more (or after 10 s). Only for screens that already load the app's heavy parts:
 * the reading pages prefetch nothing (they must not load MUI or zod, decision 150).
 */
export function IdlePrefetch(props: {
  pages: readonly string[];
  load?: readonly (() => Promise<unknown>)[];
}) {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const started = Date.now();
    let cancel = () => {};
    const check = () => {
      if (queryClient.isFetching() > 0 && Date.now() - started < contentWaitMs) {
        const timer = window.setTimeout(() => {
          cancel = whenIdle(check);
        }, 250);
        cancel = () => window.clearTimeout(timer);
        return;
      }
      setReady(true);
    };
    cancel = whenIdle(check);
    return () => cancel();
  }, [queryClient]);

  const { load } = props;
  useEffect(() => {
    if (!ready || !load?.length) return;
    let cancel = () => {};
    const next = (index: number) => {
      cancel = whenIdle(() => {
        // A failed prefetch is retried by the tap that needs it.
        void load[index]?.().catch(() => undefined);
        if (index + 1 < load.length) next(index + 1);
      });
    };
    // After the pages' links: their fetches start first.
    next(0);
    return () => cancel();
  }, [ready, load]);

  if (!ready) return null;
  return props.pages.map((page) => <PrefetchPageLinks key={page} page={page} />);
}
