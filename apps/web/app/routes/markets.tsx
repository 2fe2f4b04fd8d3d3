import { PageHeading } from "../components/page-heading";
import { loadMarketsTable } from "../features/market/market-data.server";
import { LiveMarketsTable } from "../features/market/markets-table";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/markets";

export const meta = () => pageMeta("AurumWire", "Markets");

export function loader({ context }: Route.LoaderArgs) {
  return { marketsTable: loadMarketsTable(context) };
}

// The tabs and market articles are filled by the public-site issue; the prices table is in place.
export default function MarketsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Markets" subtitle="Live cryptocurrency prices and market news." />
      <LiveMarketsTable initial={loaderData.marketsTable} />
    </>
  );
}
