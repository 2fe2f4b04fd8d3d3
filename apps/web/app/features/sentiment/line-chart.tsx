/**
 * A small SVG line chart with no chart library (public pages load no MUI, decision 150): the
 * price over a period and the 30-day News Sentiment line. Points that are null leave a gap; a
 * point with no neighbour is drawn as a dot, so a sparse series does not read as a stray stroke.
 * The chart fills its box (`className` sets the box's size); `guide` draws a dashed line at that
 * value (the neutral 50 of the sentiment line) and `start`/`end` label the time axis.
 */
export function LineChart({
  points,
  label,
  color = "#FFD700",
  min,
  max,
  guide,
  start,
  end,
  minPoints = 2,
  empty = "Not enough data for a chart yet.",
  className = "line-chart-box",
}: {
  points: readonly (number | null)[];
  label: string;
  color?: string;
  min?: number;
  max?: number;
  guide?: number;
  start?: string;
  end?: string;
  /** Fewer points with a value than this show `empty` instead of a chart. */
  minPoints?: number;
  empty?: string;
  className?: string;
}) {
  const width = 600;
  const height = 200;
  const values = points.filter((value): value is number => value !== null);
  if (values.length < minPoints) {
    return (
      <div className={`${className} line-chart-empty`}>
        <p>{empty}</p>
      </div>
    );
  }
  const low = min ?? Math.min(...values);
  const high = max ?? Math.max(...values);
  const span = high - low || 1;
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const yOf = (value: number) => height - 6 - ((value - low) / span) * (height - 12);
  const segments: { x: number; y: number }[][] = [];
  let current: { x: number; y: number }[] = [];
  points.forEach((value, index) => {
    if (value === null) {
      if (current.length) segments.push(current);
      current = [];
      return;
    }
    current.push({ x: index * step, y: yOf(value) });
  });
  if (current.length) segments.push(current);
  return (
    <div className={className}>
      <svg
        className="line-chart"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        {guide === undefined ? null : (
          <line
            x1="0"
            x2={width}
            y1={yOf(guide)}
            y2={yOf(guide)}
            stroke="currentColor"
            strokeOpacity="0.35"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
        {segments.map((segment) =>
          segment.length === 1 ? null : (
            <path
              key={`${segment[0]!.x}`}
              d={segment
                .map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`)
                .join(" ")}
              fill="none"
              stroke={color}
              strokeWidth="2.5"
              vectorEffect="non-scaling-stroke"
            />
          ),
        )}
      </svg>
      {/* Dots are HTML so they stay round in a chart stretched to its box. */}
      {segments
        .filter((segment) => segment.length === 1)
        .map(([point]) => (
          <span
            key={`dot-${point!.x}`}
            className="line-chart-dot"
            style={{
              left: `${(point!.x / width) * 100}%`,
              top: `${(point!.y / height) * 100}%`,
              background: color,
            }}
          />
        ))}
      {start || end ? (
        <div className="line-chart-axis" aria-hidden="true">
          <span>{start}</span>
          <span>{end}</span>
        </div>
      ) : null}
    </div>
  );
}
