import { BarChart } from "@mui/x-charts/BarChart";
import { MuiTheme } from "../../components/mui-theme";
import { formatCompactNumber } from "../../lib/numbers";

/**
 * A Custom Charts bar chart on the landing page: its own chunk, loaded lazily (landing-layout.tsx),
 * so pages without a chart load no chart code; inside the MUI theme, which public pages do not
 * have at their root (decision 150), so its axes are drawn in the dark theme's colours.
 */
export default function LandingBarChart({
  labels,
  values,
  seriesLabel,
}: {
  labels: string[];
  values: Array<number | null>;
  seriesLabel: string;
}) {
  return (
    <MuiTheme>
      <BarChart
        height={220}
        xAxis={[{ scaleType: "band", data: labels }]}
        // Compact figures (60K, 1.2B) so the axis labels fit their column whole.
        yAxis={[
          {
            width: 48,
            valueFormatter: (value: number | null) =>
              value === null ? "" : formatCompactNumber(value),
          },
        ]}
        series={[{ data: values, label: seriesLabel, color: "#FFD700" }]}
        hideLegend
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
      />
    </MuiTheme>
  );
}
