import { SparkLineChart } from "@mui/x-charts/SparkLineChart";

/** A Market Analytics card's sparkline; its own chunk, loaded lazily (market-analytics.tsx). */
export default function Sparkline({
  points,
  color,
  bar,
  min,
  max,
}: {
  points: number[];
  color: string;
  bar: boolean;
  min: number;
  max: number;
}) {
  return (
    <SparkLineChart
      data={points}
      height={48}
      plotType={bar ? "bar" : "line"}
      color={color}
      area={bar ? undefined : true}
      curve={bar ? undefined : "natural"}
      baseline={bar ? undefined : "min"}
      yAxis={{ min, max }}
    />
  );
}
