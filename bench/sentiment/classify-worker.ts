/**
 * One classifier in a process of its own, so its memory is measured alone: loads it, labels the
 * set, then runs it for `SENTIMENT_BENCH_SECONDS` on one core. Prints one JSON line.
 */
import { readLabelledSet } from "./labelled-set";

type Label = "positive" | "neutral" | "negative";
type Classify = (text: string) => Label;

function byScore(score: number, margin = 0): Label {
  return score > margin ? "positive" : score < -margin ? "negative" : "neutral";
}

async function load(name: string): Promise<Classify> {
  switch (name) {
    case "aurumwire": {
      const { classifySentence } = await import(
        "../../apps/server/src/modules/sentiment/classifier"
      );
      return (text) => classifySentence(text).label;
    }
    case "sentiment (AFINN-165)": {
      const Sentiment = (await import("sentiment")).default;
      const analyzer = new Sentiment();
      return (text) => byScore(analyzer.analyze(text).score);
    }
    case "vader-sentiment": {
      const vader = (await import("vader-sentiment")).default;
      // VADER's own thresholds: compound >= 0.05 positive, <= -0.05 negative.
      return (text) =>
        byScore(vader.SentimentIntensityAnalyzer.polarity_scores(text).compound, 0.05);
    }
    case "wink-nlp (eng-lite-web-model)": {
      const winkNLP = (await import("wink-nlp")).default;
      const model = (await import("wink-eng-lite-web-model")).default;
      const nlp = winkNLP(model, ["sbd", "negation", "sentiment"]);
      return (text) => byScore(nlp.readDoc(text).out(nlp.its.sentiment) as number);
    }
    case "natural (AFINN, Porter stemmer)": {
      const natural = (await import("natural")).default;
      const analyzer = new natural.SentimentAnalyzer("English", natural.PorterStemmer, "afinn");
      const tokenizer = new natural.WordTokenizer();
      return (text) => byScore(analyzer.getSentiment(tokenizer.tokenize(text)));
    }
    default:
      throw new Error(`Unknown classifier ${name}`);
  }
}

const name = process.argv[2] ?? "aurumwire";
const seconds = Number(process.env.SENTIMENT_BENCH_SECONDS ?? 3);
const set = readLabelledSet();
globalThis.gc?.();
const before = process.memoryUsage().rss;
const classify = await load(name);
const predictions = set.map((item) => classify(item.text));
let count = 0;
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  for (let index = 0; index < 100; index += 1) classify(set[count % set.length]!.text);
  count += 100;
}
const elapsed = (performance.now() - started) / 1000;
globalThis.gc?.();
const after = process.memoryUsage().rss;
process.stdout.write(
  `${JSON.stringify({ name, predictions, perSecond: count / elapsed, rssAddedMb: (after - before) / 1e6 })}\n`,
);
