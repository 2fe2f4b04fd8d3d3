import { coinPath } from "@aurumwire/shared/coins";
import { type SentimentLabel, sentimentLabelText } from "@aurumwire/shared/sentiment-display";
import { Link } from "react-router";
import "./sentiment.css";

/** "BTC Bullish": a coin's sentiment in an article or a list, linking to the coin's page. */
export function SentimentChip({
  label,
  coin,
}: {
  label: SentimentLabel;
  coin?: { slug: string; symbol: string };
}) {
  const text = sentimentLabelText[label];
  const className = `sentiment-chip sentiment-chip-${label}`;
  if (!coin) return <span className={className}>{text}</span>;
  return (
    <Link className={className} to={coinPath(coin)} aria-label={`${coin.symbol}: ${text} news`}>
      <span className="sentiment-chip-coin">{coin.symbol}</span> {text}
    </Link>
  );
}
