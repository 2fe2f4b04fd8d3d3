import { LineChart } from "@mui/x-charts/LineChart";
import { MuiTheme } from "../../components/mui-theme";
import { formatChartMoment, formatChartTick } from "../../lib/dates";
import { formatCompactNumber, formatSignedChange, formatSignificant } from "../../lib/numbers";

export interface LandingLineSeries {
  label: string;
  color: string;
  /** One value per time of `times`; null where the coin has no point then. */
  data: Array<number | null>;
}

/**
 * A Custom Charts line chart over a period of the price history (decision 125): one line per
 * coin. Its own chunk, loaded lazily like landing-bar-chart.tsx, inside the MUI theme so its axes
 * and tooltip are drawn in the dark theme's colours. The legend is the card's own HTML.
 */
export default function LandingLineChart({
  times,
  series,
  unit,
  spanHours,
}: {
  times: number[];
  series: LandingLineSeries[];
  unit: "usd" | "percent";
  spanHours: number;
}) {
  // Compact figures (60K, 1.2B) with as many digits as the lines' range needs: a day of ether
  // moving between 3,420 and 3,550 reads 3.42K ... 3.55K, not 3.5K five times.
  const values = series.flatMap((line) => line.data).filter((value) => value !== null);
  const high = Math.max(...values.map(Math.abs));
  const range = Math.max(...values) - Math.min(...values);
  const digits = range > 0 ? Math.ceil(Math.log10(high / range)) + 2 : 3;
  const significantDigits = Math.min(Math.max(digits, 2), 6);
  const formatValue = (value: number | null, full = false) => {
    if (value === null) return "";
    if (unit === "percent") return `${formatSignedChange(value)}%`;
    return full ? `$${formatSignificant(value)}` : formatCompactNumber(value, significantDigits);
  };
  return (
    <MuiTheme>
      <LineChart
        height={220}
        xAxis={[
          {
            scaleType: "time",
            data: times.map((at) => new Date(at)),
            valueFormatter: (value: Date, context) =>
              context.location === "tick"
                ? formatChartTick(value, spanHours)
                : formatChartMoment(value),
            // Keeps the labels apart on a phone's narrow card.
            tickLabelMinGap: 16,
          },
        ]}
        // Short labels (60K, 1.2B, +3%) so they fit their column whole.
        yAxis={[{ width: 52, valueFormatter: (value: number | null) => formatValue(value) }]}
        series={series.map((line) => ({
          data: line.data,
          label: line.label,
          color: line.color,
          showMark: false,
          connectNulls: true,
          valueFormatter: (value: number | null) => formatValue(value, true),
        }))}
        hideLegend
        margin={{ left: 4, right: 12, top: 8, bottom: 4 }}
      />
    </MuiTheme>
  );
}
