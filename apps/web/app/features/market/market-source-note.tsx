import { formatDate } from "@aurumwire/shared/format";
import "./market-analytics.css";

/** Where the numbers come from, in words: sample data is never shown as live. */
export function MarketDataSourceNote({
  source,
  updatedAt,
}: {
  source: "live" | "sample";
  updatedAt: string | null;
}) {
  if (source === "sample") {
    return (
      <span className="aw-market-note aw-market-note--sample" data-testid="market-source">
        Sample data: no live market feed is connected.
      </span>
    );
  }
  return (
    <span className="aw-market-note" data-testid="market-source">
      Live data, updated {formatDate(updatedAt, "MMM dd, yyyy HH:mm")} UTC
    </span>
  );
}
