import {
  type ArticleAnalyticsDetails,
  hourlyWindowHours,
  referrerSourceLabels,
  trendingPositionDepth,
} from "@aurumwire/shared/analytics";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import type { ReactNode } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useArticleAnalytics } from "../../api/analytics";
import { countAxis } from "../../components/count-axis";
import { PageHeading } from "../../components/page-heading";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatDayLabel, formatDisplayDate } from "../../lib/dates";
import { formatCount } from "../../lib/numbers";

/** "1 visit", "2 visits". */
const plural = (value: number, noun: string) =>
  `${formatCount(value)} ${noun}${value === 1 ? "" : "s"}`;

function Figure(props: { label: string; value: string; note?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: "1 1 180px" }}>
      <CardContent>
        <Typography color="text.secondary">{props.label}</Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
          {props.value}
        </Typography>
        {props.note && (
          <Typography variant="body2" color="text.secondary">
            {props.note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

function ViewsChart(props: { labels: string[]; views: number[]; every: number; name: string }) {
  const theme = useTheme();
  const total = props.views.reduce((sum, views) => sum + views, 0);
  const busiest = props.views.indexOf(Math.max(...props.views));
  // The bars as one sentence for screen readers, with the busiest bar's label (ticks show a few).
  const summary =
    total === 0
      ? `${props.name}: no views yet`
      : `${props.name}: ${plural(total, "view")} in all, most at ${props.labels[busiest]} (${plural(props.views[busiest], "view")})`;
  return (
    <Box sx={{ height: 240 }} role="img" aria-label={summary}>
      <BarChart
        height={240}
        xAxis={[
          {
            scaleType: "band",
            data: props.labels,
            tickLabelInterval: (_value: string, index: number) => index % props.every === 0,
          },
        ]}
        yAxis={[countAxis(props.views)]}
        series={[{ data: props.views, label: "Views", color: theme.palette.primary.main }]}
        hideLegend
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
    </Box>
  );
}

function Details({ details }: { details: ArticleAnalyticsDetails }) {
  const share = details.readThrough.share;
  const average = details.timeOnPage.averageSeconds;
  const maxBucket = Math.max(1, ...details.timeOnPage.buckets.map((bucket) => bucket.count));
  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2 }}>
        <Figure label="Unique readers" value={formatCount(details.uniqueReaders)} />
        <Figure
          label="Read to the end"
          value={share === null ? "–" : `${Math.round(share * 100)}%`}
          note={`${formatCount(details.readThrough.reads)} of ${formatCount(details.trackedViews)} tracked views`}
        />
        <Figure
          label="Average time on page"
          value={
            average === null
              ? "–"
              : average >= 60
                ? `${Math.floor(average / 60)} min ${average % 60} s`
                : `${average} s`
          }
          note={`${plural(details.timeOnPage.reports, "visit")} timed`}
        />
        <Figure
          label="Trending position"
          value={details.trendingPosition === null ? "–" : `#${details.trendingPosition}`}
          note={
            details.trendingPosition === null
              ? `Not in the top ${trendingPositionDepth}`
              : undefined
          }
        />
      </Box>
      <Box sx={{ display: "grid", gap: 2 }}>
        <Section title={`Views per hour, first ${hourlyWindowHours} hours`}>
          {details.viewsByHour.length === 0 ? (
            <Typography color="text.secondary">Not published yet.</Typography>
          ) : (
            <ViewsChart
              labels={details.viewsByHour.map((row) => formatDisplayDate(row.at, "MMM d HH:mm"))}
              views={details.viewsByHour.map((row) => row.views)}
              every={6}
              name="Views per hour"
            />
          )}
        </Section>
        {details.viewsByDay.length > 0 && (
          <Section title="Views per day after that">
            <ViewsChart
              labels={details.viewsByDay.map((row) => formatDayLabel(row.day))}
              views={details.viewsByDay.map((row) => row.views)}
              every={Math.max(1, Math.ceil(details.viewsByDay.length / 8))}
              name="Views per day"
            />
          </Section>
        )}
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))" },
          }}
        >
          <Section title="Where readers came from">
            {details.referrers.length === 0 ? (
              <Typography color="text.secondary">No tracked views yet.</Typography>
            ) : (
              <Box component="ol" sx={{ m: 0, pl: 3, display: "grid", gap: 1 }}>
                {details.referrers.map((row) => (
                  <Box component="li" key={`${row.source}:${row.host}`}>
                    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
                      <Box sx={{ minWidth: 0, overflowWrap: "anywhere" }}>
                        {referrerSourceLabels[row.source]}
                        {row.host && (
                          <Typography component="span" color="text.secondary">
                            {" "}
                            · {row.host}
                          </Typography>
                        )}
                      </Box>
                      <Typography component="span" sx={{ fontWeight: 700 }}>
                        {formatCount(row.views)}
                      </Typography>
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
          </Section>
          <Section title="Time on page">
            <Box component="dl" sx={{ m: 0, display: "grid", gap: 1 }}>
              {details.timeOnPage.buckets.map((bucket) => (
                <Box
                  key={bucket.key}
                  sx={{ display: "grid", gridTemplateColumns: "110px 1fr 48px", gap: 1 }}
                >
                  <Typography component="dt">{bucket.label}</Typography>
                  <Box aria-hidden sx={{ alignSelf: "center" }}>
                    <Box
                      sx={{
                        height: 10,
                        borderRadius: 1,
                        bgcolor: "primary.main",
                        width: `${(bucket.count / maxBucket) * 100}%`,
                        minWidth: bucket.count > 0 ? 4 : 0,
                      }}
                    />
                  </Box>
                  <Typography component="dd" sx={{ m: 0, textAlign: "right", fontWeight: 700 }}>
                    {formatCount(bucket.count)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Section>
        </Box>
      </Box>
    </>
  );
}

/** One article's analytics for its author, editors and admins (issue 22). */
export function ArticleAnalyticsView({ articleId }: { articleId: number }) {
  const analytics = useArticleAnalytics(Number.isSafeInteger(articleId) ? articleId : undefined);
  // Back where the writer came from: Articles Management links here with ?from=articles.
  const [search] = useSearchParams();
  const fromArticles = search.get("from") === "articles";
  const back = (
    <Button
      component={RouterLink}
      to={fromArticles ? dashboardPaths.articles : dashboardPaths.home}
      startIcon={<ArrowBackIcon />}
    >
      {fromArticles ? "Back to Articles" : "Back to Dashboard"}
    </Button>
  );
  if (analytics.isPending)
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
        <CircularProgress aria-label="Loading analytics" />
      </Box>
    );
  if (analytics.isError)
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load analytics
        </Alert>
        {back}
      </Box>
    );
  const data = analytics.data;
  if (!data)
    return (
      <Box>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Article not found
        </Alert>
        {back}
      </Box>
    );
  return (
    <Box>
      {back}
      <PageHeading title="Article analytics" subtitle={data.title} />
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 2 }}>
        <Figure label="Views" value={formatCount(data.views)} />
        <Figure label="Likes" value={formatCount(data.likes)} />
      </Box>
      {data.details ? (
        <Details details={data.details} />
      ) : (
        <Alert severity="info">
          Detailed analytics are shown to the article's author, editors and admins.
        </Alert>
      )}
    </Box>
  );
}
