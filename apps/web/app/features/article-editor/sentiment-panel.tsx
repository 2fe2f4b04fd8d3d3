import type { StoredArticleSentiment, TextSentiment } from "@aurumwire/shared/sentiment";
import { type SentimentLabel, sentimentLabelText } from "@aurumwire/shared/sentiment-display";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useFormContext, useWatch } from "react-hook-form";
import {
  useDraftSentiment,
  useModelDraftSentiment,
  useSentimentEngine,
  useStoredArticleSentiment,
} from "../../api/sentiment";
import { formatDateTime } from "../../lib/dates";
import { serverMessageOr } from "../../lib/error-text";
import type { ArticleFormValues } from "./article-form-values";

const chipColor = {
  positive: "success",
  neutral: "default",
  negative: "error",
} as const satisfies Record<SentimentLabel, string>;

type Driver = { phrase: string; weight: number };

/** The phrases behind a label: those that pushed towards it (both ways for neutral), strongest first. */
export function whyPhrases(label: SentimentLabel, drivers: readonly Driver[], most = 5): string[] {
  const pushing = drivers.filter((driver) =>
    label === "positive" ? driver.weight > 0 : label === "negative" ? driver.weight < 0 : true,
  );
  return [...pushing]
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
    .slice(0, most)
    .map((driver) =>
      // Neutral mixes both ways: each phrase says which way it pushed.
      label === "neutral"
        ? `'${driver.phrase}' ${driver.weight > 0 ? "+" : "−"}`
        : `'${driver.phrase}'`,
    );
}

/** "Why bearish: 'exploit', 'outflows'", or null when nothing drove it. */
export function whyText(label: SentimentLabel, drivers: readonly Driver[]): string | null {
  const phrases = whyPhrases(label, drivers);
  if (phrases.length === 0) return null;
  return `Why ${sentimentLabelText[label].toLowerCase()}: ${phrases.join(", ")}`;
}

/** One line per coin: "This draft reads bearish for ETH", with why. */
function Reading({
  subject,
  result,
}: {
  subject: string;
  result: Pick<TextSentiment, "label" | "score" | "drivers" | "coins"> | StoredArticleSentiment;
}) {
  const overallWhy = whyText(result.label, result.drivers);
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography component="span">Overall</Typography>
        <Chip
          size="small"
          label={sentimentLabelText[result.label]}
          color={chipColor[result.label]}
          data-testid="draft-sentiment-label"
        />
        <Typography component="span" variant="body2" color="text.secondary">
          score {result.score.toFixed(2)}
        </Typography>
      </Box>
      {overallWhy && (
        <Typography variant="body2" color="text.secondary">
          {overallWhy}
        </Typography>
      )}
      {result.coins.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No tracked coin is named in the title or excerpt, or twice in the body.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: "none", display: "grid", gap: 1 }}>
          {result.coins.map((coin) => {
            const why = whyText(coin.label, coin.drivers);
            return (
              <Box component="li" key={coin.slug} data-testid="draft-sentiment-coin">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {subject} reads {sentimentLabelText[coin.label].toLowerCase()} for {coin.symbol}
                </Typography>
                {why && (
                  <Typography variant="body2" color="text.secondary">
                    {why}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/**
 * The draft's news sentiment next to the SEO score (issue 30): per coin, with the phrases that
 * drove it, from POST /api/sentiment/analyze as the writer types; for a published article also
 * what is stored with it (what readers and the index see).
 */
export function SentimentPanel({ articleId }: { articleId?: number }) {
  const { control } = useFormContext<ArticleFormValues>();
  const [title, excerpt, content] = useWatch({ control, name: ["title", "excerpt", "content"] });
  const draft = useDraftSentiment({ title, excerpt, text: content });
  const stored = useStoredArticleSentiment(articleId);
  const engine = useSentimentEngine();
  const model = useModelDraftSentiment();
  const modelResult = model.data?.data.results[0];
  const result = draft.data?.data.results[0];
  const hasBody = content.replace(/<[^>]*>/g, "").trim().length > 0;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5 }}
      component="section"
      aria-labelledby="sentiment-heading"
    >
      <Typography
        id="sentiment-heading"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 700, mb: 1.5 }}
      >
        News Sentiment
      </Typography>
      <Box aria-live="polite" data-testid="draft-sentiment">
        {draft.isError ? (
          <Alert severity="warning">
            {serverMessageOr("The sentiment of the draft could not be read.", draft.error)}
          </Alert>
        ) : !result ? (
          <Typography variant="body2" color="text.secondary">
            {draft.isFetching
              ? "Reading the draft..."
              : "Write a title or some text to see how it reads for the coins it names."}
          </Typography>
        ) : (
          <Reading subject={hasBody ? "This draft" : "This headline"} result={result} />
        )}
      </Box>
      {engine.data?.engine === "ai" && (result || hasBody) && (
        <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: "divider" }} aria-live="polite">
          <Button
            size="small"
            variant="outlined"
            disabled={model.isPending}
            onClick={() => model.mutate({ title, excerpt, text: content })}
          >
            {model.isPending ? "Asking the AI model..." : "Ask the AI model"}
          </Button>
          {model.isError && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {serverMessageOr("The AI model could not read the draft.", model.error)}
            </Alert>
          )}
          {model.data?.data.notice && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {model.data.data.notice}
            </Alert>
          )}
          {modelResult?.engine === "ai" && (
            <Box sx={{ mt: 1.5 }} data-testid="model-sentiment">
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                The AI model's reading ({engine.data.ai.model})
              </Typography>
              <Reading subject={hasBody ? "This draft" : "This headline"} result={modelResult} />
            </Box>
          )}
        </Box>
      )}
      {stored.data && (
        <Box
          sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: "divider" }}
          data-testid="stored-sentiment"
        >
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Published version (scored by{" "}
            {stored.data.engine === "ai" ? "the AI model" : "the offline classifier"},{" "}
            {formatDateTime(stored.data.computedAt)})
          </Typography>
          <Reading subject="The published article" result={stored.data} />
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
        The live reading is our offline classifier's; the published article is scored again within a
        minute of each change
        {engine.data?.engine === "ai" ? ", by the AI model the newsroom chose" : ""}. Not advice.
      </Typography>
    </Paper>
  );
}
