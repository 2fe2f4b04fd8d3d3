import Box from "@mui/material/Box";
import { PageHeading } from "../components/page-heading";
import { loadBreakingNews } from "../features/breaking-news/breaking-news.server";
import { LiveBreakingNewsTicker } from "../features/breaking-news/breaking-news-ticker";
import { LiveMarketAnalytics } from "../features/market/market-analytics";
import { loadMarketAnalytics } from "../features/market/market-data.server";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/home";

export const meta = () => pageMeta("AurumWire", "Latest crypto news");

export async function loader({ context }: Route.LoaderArgs) {
  return {
    breakingNews: await loadBreakingNews(context),
    marketAnalytics: loadMarketAnalytics(context),
  };
}

// The article sections are filled by the public-site issue; the breaking-news ticker and the
// Market Analytics sidebar are in place (features/breaking-news, features/market).
export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LiveBreakingNewsTicker initial={loaderData.breakingNews} />
      <Box
        sx={{
          display: "grid",
          gap: 4,
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 320px" },
        }}
      >
        <Box>
          <PageHeading title="Latest crypto news" />
        </Box>
        <Box component="aside" aria-label="Sidebar">
          <LiveMarketAnalytics initial={loaderData.marketAnalytics} />
        </Box>
      </Box>
    </>
  );
}
