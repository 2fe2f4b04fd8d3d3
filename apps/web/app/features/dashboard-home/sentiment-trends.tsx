import type { SentimentTrend } from "@aurumwire/shared/sentiment-trends";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { LineChart } from "@mui/x-charts/LineChart";
import { useState } from "react";
import { useSentimentTrends } from "../../api/sentiment";
import { formatDayLabel } from "../../lib/dates";
import { SentimentEngineSwitch } from "./sentiment-engine-switch";

/** Lines drawn at most: the most covered coins or categories. */
const mostLines = 5;
const palette = ["#FFD700", "#4FC3F7", "#F06292", "#81C784", "#BA68C8"];

/** The lines of one tab: those with coverage, most covered first. */
export function trendLines(rows: readonly SentimentTrend[]) {
  return rows.filter((row) => row.items > 0).slice(0, mostLines);
}

/**
 * News sentiment over time (issue 30) in the dashboard's analytics: the daily News Sentiment
 * Index (0 Very Bearish ... 100 Very Bullish) over 30 days for the most covered coins or
 * categories, one line each, with the same MUI chart as the views per day.
 */
export function SentimentTrends() {
  const trends = useSentimentTrends();
  const [tab, setTab] = useState<"coins" | "categories">("coins");
  const lines = trends.data ? trendLines(trends.data[tab]) : [];
  const days = lines[0]?.history.map((point) => point.day) ?? [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
      component="section"
      aria-labelledby="sentiment-trends-heading"
      data-testid="sentiment-trends"
    >
      <Typography id="sentiment-trends-heading" variant="h6" component="h3" sx={{ mb: 0.5 }}>
        News sentiment, last 30 days
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Daily News Sentiment Index of our articles and breaking news: 0 Very Bearish, 50 Neutral,
        100 Very Bullish. Days without coverage are left out.
      </Typography>
      <SentimentEngineSwitch />
      <Tabs
        value={tab}
        onChange={(_event, value) => setTab(value)}
        aria-label="Sentiment by"
        sx={{ mb: 1 }}
      >
        <Tab value="coins" label="Per coin" />
        <Tab value="categories" label="Per category" />
      </Tabs>
      {trends.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label="Loading sentiment" />
        </Box>
      ) : trends.isError ? (
        <Alert severity="error">Failed to load the sentiment trends</Alert>
      ) : lines.length === 0 ? (
        <Typography color="text.secondary">
          Nothing scored in the last 30 days yet: articles are scored within a minute of
          publication.
        </Typography>
      ) : (
        <>
          {/* No fixed height around it: the chart's HTML legend comes on top of its 280 px. */}
          <Box>
            <LineChart
              height={280}
              xAxis={[
                {
                  scaleType: "point",
                  data: days.map((day) => formatDayLabel(day)),
                  tickLabelInterval: (_value: string, index: number) => index % 7 === 1,
                },
              ]}
              yAxis={[{ min: 0, max: 100, width: 40, tickInterval: [0, 25, 50, 75, 100] }]}
              series={lines.map((line, index) => ({
                data: line.history.map((point) => point.index),
                label: line.name,
                color: palette[index % palette.length],
                connectNulls: true,
                showMark: true,
              }))}
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
            />
          </Box>
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label="Coverage over 30 days">
            {lines.map((line) => (
              <Typography component="li" variant="body2" key={line.key}>
                {line.name}: {line.items} {line.items === 1 ? "item" : "items"}
                {latestText(line)}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** ", latest 42 (Nov 27)" from the newest day with coverage. */
function latestText(line: SentimentTrend): string {
  const latest = [...line.history].reverse().find((point) => point.index !== null);
  return latest ? `, latest ${latest.index} (${formatDayLabel(latest.day)})` : "";
}
