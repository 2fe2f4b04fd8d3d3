import {
  changeDirection,
  formatAnalyticsValue,
  formatChange,
  formatDate,
} from "@aurumwire/shared/format";
import { limits } from "@aurumwire/shared/limits";
import type { MarketAnalyticsCard, MarketAnalyticsData } from "@aurumwire/shared/market";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { SparkLineChart } from "@mui/x-charts/SparkLineChart";
import { useMarketAnalytics } from "./use-market-data";

const changeColor = { up: "success.main", down: "error.main", flat: "text.secondary" } as const;

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
      <Typography variant="caption" sx={{ color: "warning.main" }} data-testid="market-source">
        Sample data: no live market feed is connected.
      </Typography>
    );
  }
  return (
    <Typography variant="caption" color="text.secondary" data-testid="market-source">
      Live data, updated {formatDate(updatedAt, "MMM dd, yyyy HH:mm")} UTC
    </Typography>
  );
}

function AnalyticsCard({ card }: { card: MarketAnalyticsCard }) {
  const direction = changeDirection(card.change);
  const points = card.sparkline.slice(0, limits.sparklinePoints);
  // A day's move is a few percent: scale the axis to the data, or every bar looks the same.
  const low = Math.min(...points);
  const high = Math.max(...points);
  const padding = (high - low) * 0.15 || Math.abs(high) * 0.01;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={card.title}
      sx={{ p: 2, listStyle: "none", display: "flex", flexDirection: "column", gap: 0.5 }}
    >
      <Typography variant="caption" color="text.secondary">
        {card.title}
      </Typography>
      <Stack direction="row" sx={{ alignItems: "baseline", justifyContent: "space-between" }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {formatAnalyticsValue(card.value)}
        </Typography>
        <Typography variant="body2" sx={{ color: changeColor[direction], fontWeight: 600 }}>
          {formatChange(card.change)}
        </Typography>
      </Stack>
      {points.length > 1 && (
        <Box sx={{ height: 48 }} aria-hidden>
          <SparkLineChart
            data={points}
            height={48}
            plotType={card.chartType === "bar" ? "bar" : "line"}
            color={card.color}
            area={card.chartType === "bar" ? undefined : true}
            curve={card.chartType === "bar" ? undefined : "natural"}
            baseline={card.chartType === "bar" ? undefined : "min"}
            yAxis={{ min: low - padding, max: high + padding }}
          />
        </Box>
      )}
    </Paper>
  );
}

/** The Market Analytics sidebar cards (spec: home sidebar), from the data given. */
export function MarketAnalytics({ data }: { data: MarketAnalyticsData | null }) {
  return (
    <Box component="section" aria-labelledby="market-analytics-heading">
      <Typography id="market-analytics-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Market Analytics
      </Typography>
      {data ? (
        <MarketDataSourceNote source={data.source} updatedAt={data.updatedAt} />
      ) : (
        <Typography variant="caption" color="text.secondary">
          Loading market data...
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, mt: 1.5 }}>
        {data?.marketAnalytics.map((card) => (
          <AnalyticsCard key={card.title} card={card} />
        ))}
      </Stack>
    </Box>
  );
}

/** Market Analytics with its data: the server's first answer, refreshed every 300000 ms. */
export function LiveMarketAnalytics({ initial }: { initial: MarketAnalyticsData | null }) {
  const data = useMarketAnalytics(initial);
  return <MarketAnalytics data={data} />;
}
