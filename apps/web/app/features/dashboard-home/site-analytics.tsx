import {
  type AnalyticsOverview,
  type RankedArticle,
  referrerSourceLabels,
} from "@aurumwire/shared/analytics";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import { useTheme } from "@mui/material/styles";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";
import { useAnalyticsOverview } from "../../api/analytics";
import { countAxis } from "../../components/count-axis";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatDayLabel } from "../../lib/dates";
import { formatCount } from "../../lib/numbers";
import { SentimentTrends } from "./sentiment-trends";

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

/** A ranked list: name, then its views, one line each. */
function RankedList(props: {
  rows: Array<{ key: string; name: ReactNode; views: number }>;
  empty: string;
}) {
  if (props.rows.length === 0) return <Typography color="text.secondary">{props.empty}</Typography>;
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: "grid", gap: 1 }}>
      {props.rows.map((row) => (
        <Box component="li" key={row.key} sx={{ pl: 0.5 }}>
          <Box sx={{ display: "flex", gap: 2, justifyContent: "space-between" }}>
            <Box sx={{ minWidth: 0, overflowWrap: "anywhere" }}>{row.name}</Box>
            <Typography component="span" sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
              {formatCount(row.views)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function articleRows(articles: RankedArticle[]) {
  return articles.map((article) => ({
    key: String(article.id),
    views: article.views,
    name: (
      <Link component={RouterLink} to={dashboardPaths.articleAnalytics(article.id)}>
        {article.title}
      </Link>
    ),
  }));
}

function TopArticles({ overview }: { overview: AnalyticsOverview }) {
  const [period, setPeriod] = useState<"day" | "week">("day");
  const rows = period === "day" ? overview.topToday : overview.topWeek;
  return (
    <Section title="Top articles">
      <Tabs
        value={period}
        onChange={(_, value) => setPeriod(value)}
        aria-label="Period of the top articles"
        sx={{ mb: 1.5, minHeight: 40 }}
      >
        <Tab value="day" label="Today" sx={{ minHeight: 40 }} />
        <Tab value="week" label="Last 7 days" sx={{ minHeight: 40 }} />
      </Tabs>
      <RankedList
        rows={articleRows(rows)}
        empty={period === "day" ? "No views yet today." : "No views in the last 7 days."}
      />
    </Section>
  );
}

/**
 * The dashboard home's analytics (issue 22): today's views against the 7 days before, views per
 * day for 30 days, the top articles, categories and referrers. Editors and admins see the whole
 * site, authors their own articles (the server decides).
 */
export function SiteAnalytics({ userId }: { userId: number | undefined }) {
  const overview = useAnalyticsOverview(userId);
  const theme = useTheme();
  if (overview.isPending)
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label="Loading analytics" />
      </Box>
    );
  if (overview.isError)
    return (
      <Alert severity="error" sx={{ mb: 4 }}>
        Failed to load analytics
      </Alert>
    );
  const data = overview.data;
  const change =
    data.previous7DaysAverage > 0
      ? Math.round(
          ((data.today.views - data.previous7DaysAverage) / data.previous7DaysAverage) * 100,
        )
      : null;
  return (
    <Box component="section" aria-labelledby="analytics-heading" sx={{ mb: 4 }}>
      <Typography id="analytics-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        {data.scope === "site" ? "Site analytics" : "Analytics of your articles"}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2 }}>
        <Card variant="outlined" sx={{ flex: "1 1 220px" }}>
          <CardContent>
            <Typography color="text.secondary">Views today</Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
              {formatCount(data.today.views)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {change === null
                ? "No views in the 7 days before"
                : `${change >= 0 ? "+" : ""}${change}% against the 7-day average (${formatCount(data.previous7DaysAverage, 1)})`}
            </Typography>
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: "1 1 220px" }}>
          <CardContent>
            <Typography color="text.secondary">Read to the end today</Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
              {formatCount(data.today.readThroughs)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data.today.views > 0
                ? `${Math.round((Math.min(data.today.readThroughs, data.today.views) / data.today.views) * 100)}% of today's views`
                : "No views yet today"}
            </Typography>
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: "grid", gap: 2 }}>
        <Section title="Views per day, last 30 days">
          <Box sx={{ height: 260 }}>
            <BarChart
              height={260}
              xAxis={[
                {
                  scaleType: "band",
                  data: data.viewsByDay.map((row) => formatDayLabel(row.day)),
                  tickLabelInterval: (_value: string, index: number) => index % 7 === 3,
                },
              ]}
              yAxis={[countAxis(data.viewsByDay.map((row) => row.views))]}
              series={[
                {
                  data: data.viewsByDay.map((row) => row.views),
                  label: "Views",
                  color: theme.palette.primary.main,
                },
              ]}
              hideLegend
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
            />
          </Box>
        </Section>
        <SentimentTrends />
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", lg: "repeat(3, minmax(0, 1fr))" },
          }}
        >
          <TopArticles overview={data} />
          <Section title="Top categories, last 7 days">
            <RankedList
              rows={data.topCategories.map((row) => ({
                key: String(row.id),
                name: row.name,
                views: row.views,
              }))}
              empty="No views in the last 7 days."
            />
          </Section>
          <Section title="Top referrers, last 7 days">
            <RankedList
              rows={data.topReferrers.map((row) => ({
                key: `${row.source}:${row.host}`,
                name: row.host
                  ? `${row.host} (${referrerSourceLabels[row.source]})`
                  : referrerSourceLabels[row.source],
                views: row.views,
              }))}
              empty="No views in the last 7 days."
            />
          </Section>
        </Box>
      </Box>
    </Box>
  );
}
