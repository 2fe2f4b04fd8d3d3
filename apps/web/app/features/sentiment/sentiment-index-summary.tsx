import type { SentimentIndex } from "@aurumwire/shared/sentiment";
import { Link } from "react-router";
import "./sentiment.css";

/** The AurumWire News Sentiment Index on /markets: value, band, trend and coverage. */
export function SentimentIndexSummary({
  overall,
  heading: Heading = "h2",
}: {
  overall: Pick<SentimentIndex, "index" | "label" | "trend" | "coverage">;
  /** h3 inside a section of its own (the landing page's Market Analysis block). */
  heading?: "h2" | "h3";
}) {
  const trend =
    overall.trend === null
      ? null
      : overall.trend === 0
        ? "unchanged from the 24 h before"
        : `${overall.trend > 0 ? "up" : "down"} ${Math.abs(overall.trend)} from the 24 h before`;
  return (
    <section className="sentiment-index-summary" aria-labelledby="sentiment-index-heading">
      <Heading id="sentiment-index-heading">AurumWire News Sentiment Index</Heading>
      <p>
        <strong className="sentiment-index-value">
          {overall.index === null ? "Not enough coverage" : `${overall.index} ${overall.label}`}
        </strong>
        {trend ? <span> · {trend}</span> : null}
      </p>
      <p className="sentiment-gauge-coverage">
        {overall.coverage}. Not advice: <Link to="/sentiment">how it is computed</Link>.
      </p>
    </section>
  );
}
