import type { LiveSnapshot } from "../../lib/live-stream";
import "./live.css";

const pad = (value: number) => String(value).padStart(2, "0");
const clock = (at: number) => {
  const date = new Date(at);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

/**
 * "Live · 14:03:22" while the exchange stream is live (the time of the newest price, decision 283),
 * "Delayed" while it is down; nothing while the page polls (no stream, or none configured).
 */
export function LiveBadge({ live }: { live: LiveSnapshot }) {
  if (live.status !== "open" || !live.state || live.state === "polling") return null;
  if (live.state === "delayed") {
    return (
      <span
        className="aw-live aw-live--delayed"
        data-testid="live-badge"
        title="The live price feed is reconnecting: these are the last known prices"
      >
        Delayed
      </span>
    );
  }
  return (
    <span className="aw-live" data-testid="live-badge" title="Prices stream live from the exchange">
      <span className="aw-live__dot" aria-hidden="true" />
      Live{live.lastUpdate ? ` · ${clock(live.lastUpdate)}` : ""}
    </span>
  );
}
