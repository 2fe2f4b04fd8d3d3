/**
 * A small SVG line chart with no chart library (public pages load no MUI, decision 150): the
 * price over a period and the 30-day News Sentiment line. Points that are null leave a gap.
 */
export function LineChart({
  points,
  label,
  color = "#FFD700",
  height = 160,
  min,
  max,
}: {
  points: readonly (number | null)[];
  label: string;
  color?: string;
  height?: number;
  min?: number;
  max?: number;
}) {
  const width = 600;
  const values = points.filter((value): value is number => value !== null);
  if (values.length < 2) {
    return <p className="line-chart-empty">Not enough data for a chart yet.</p>;
  }
  const low = min ?? Math.min(...values);
  const high = max ?? Math.max(...values);
  const span = high - low || 1;
  const step = width / (points.length - 1);
  const segments: string[] = [];
  let current = "";
  points.forEach((value, index) => {
    if (value === null) {
      if (current) segments.push(current);
      current = "";
      return;
    }
    const x = (index * step).toFixed(1);
    const y = (height - 4 - ((value - low) / span) * (height - 8)).toFixed(1);
    current += `${current ? " L" : "M"}${x},${y}`;
  });
  if (current) segments.push(current);
  return (
    <svg
      className="line-chart"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      {segments.map((path) => (
        <path
          key={path}
          d={path}
          fill="none"
          stroke={color}
          strokeWidth="2.5"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
