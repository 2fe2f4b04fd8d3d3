import { sentimentIndexLabel } from "@aurumwire/shared/sentiment-display";
import "./sentiment.css";

/** The News Sentiment gauge, 0 (Very Bearish) to 100 (Very Bullish), as a half dial in SVG. */
export function SentimentGauge({ index, coverage }: { index: number | null; coverage: string }) {
  const angle = index === null ? null : Math.PI * (1 - index / 100);
  const needle =
    angle === null ? null : { x: 100 + 78 * Math.cos(angle), y: 100 - 78 * Math.sin(angle) };
  return (
    <figure className="sentiment-gauge">
      <svg
        viewBox="0 0 200 112"
        role="img"
        aria-label={
          index === null
            ? coverage
            : `News Sentiment ${index} of 100: ${sentimentIndexLabel(index)}`
        }
      >
        <defs>
          <linearGradient id="sentiment-gauge-scale" x1="0" x2="1" y1="0" y2="0">
            <stop offset="0" stopColor="#F44336" />
            <stop offset="0.5" stopColor="#9E9E9E" />
            <stop offset="1" stopColor="#2ECC71" />
          </linearGradient>
        </defs>
        <path
          d="M 12 100 A 88 88 0 0 1 188 100"
          fill="none"
          stroke="url(#sentiment-gauge-scale)"
          strokeWidth="14"
          strokeLinecap="round"
        />
        {needle ? (
          <line
            x1="100"
            y1="100"
            x2={needle.x}
            y2={needle.y}
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
          />
        ) : null}
        <circle cx="100" cy="100" r="6" fill="currentColor" />
      </svg>
      <figcaption>
        <strong className="sentiment-gauge-value">{index === null ? "–" : index}</strong>
        <span className="sentiment-gauge-label">
          {index === null ? "Not enough coverage" : sentimentIndexLabel(index)}
        </span>
        <span className="sentiment-gauge-coverage">{coverage}</span>
      </figcaption>
    </figure>
  );
}
