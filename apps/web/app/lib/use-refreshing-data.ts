import { useEffect, useRef, useState } from "react";
import { api } from "./api-client";

/**
 * Data that the server rendered (or null) and the browser refreshes on an interval from /api.
 * A failed refresh is logged and keeps what is shown; with nothing shown yet, `fallback` fills in.
 */
export function useRefreshingData<T>(options: {
  path: string;
  intervalMs: number;
  initial: T | null;
  /** Picks the data out of the API answer. */
  select: (answer: unknown) => T;
  /** What to show when the first load fails (spec point 8 fallbacks). */
  fallback: () => T;
}): T | null {
  const [data, setData] = useState<T | null>(options.initial);
  // The latest options without re-running the effect when a caller passes new closures.
  const latest = useRef(options);
  latest.current = options;
  const hasData = useRef(options.initial !== null);

  useEffect(() => {
    let cancelled = false;
    async function load() {
      const { path, select, fallback } = latest.current;
      try {
        const answer = await api.get<unknown>(path);
        if (cancelled) return;
        setData(select(answer));
        hasData.current = true;
      } catch (error) {
        console.error(`Could not load ${path}:`, error);
        if (!cancelled && !hasData.current) {
          setData(fallback());
          hasData.current = true;
        }
      }
    }
    if (!hasData.current) void load();
    const timer = window.setInterval(load, options.intervalMs);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [options.intervalMs]);

  return data;
}
