import { trackedCoinEntries } from "@aurumwire/shared/coins";
import { Link } from "react-router";
import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/sentiment";

/** How the News Sentiment Index is computed, in plain words (issue 30, decision 192). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "How the News Sentiment Index works",
    description:
      "How AurumWire scores the sentiment of its own crypto news, per coin and overall, how fresh it is and what it is not: not a price forecast and not advice.",
    path: "/sentiment",
  });

export default function SentimentMethodologyPage() {
  return (
    <StaticPage title="How the News Sentiment Index works">
      <div className="aw-warning-banner" role="note">
        <div>
          <strong>Not financial advice.</strong> The index describes the tone of our news, not where
          prices go. Read the <Link to="/disclaimer">disclaimer</Link>.
        </div>
      </div>
      <h2>What it measures</h2>
      <p>
        Every article we publish and every breaking-news headline we carry is read by a program on
        our own server. For each sentence it decides whether the news is good, bad or neither for
        the coin or company it is about: profits up, a loss narrowing or an approval read as good; a
        hack, an outage, a delisting or falling sales read as bad; plain facts read as neutral. The
        headline and the summary count more than the body.
      </p>
      <h2>Which coins</h2>
      <p>
        An article counts for a coin when it names it in the headline or summary, or at least twice
        in the text, by ticker or name ({trackedCoinEntries.map((coin) => coin.symbol).join(", ")}
        ). A sentence that names two coins gives each the part about it.
      </p>
      <h2>From scores to an index</h2>
      <p>
        Each item gets a score from -1 (bad news) to +1 (good news). The index is the average of the
        last 24 hours, weighted by how sure the program is, shown from 0 (Very Bearish) to 100 (Very
        Bullish); 50 is neutral. A few articles cannot swing it to an extreme: it starts from
        neutral and moves as coverage grows. Each figure says how many articles it is based on, and
        a coin with none in 24 hours shows "not enough coverage". The trend compares with the 24
        hours before.
      </p>
      <h2>How fresh it is</h2>
      <p>
        New and edited articles and new breaking-news items are scored within a minute, and the
        pages show the new figures right after.
      </p>
      <h2>What it is not</h2>
      <p>
        It is not a survey of the market, not a price signal and not a recommendation to buy or
        sell. It reads only our own newsroom's words, with a program that makes mistakes, most often
        on irony, on mixed news and on jargon. Staff see the phrases that drove each score.
      </p>
    </StaticPage>
  );
}
