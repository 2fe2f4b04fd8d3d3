import { isEditor } from "@aurumwire/shared/roles";
import type { SentimentEngine } from "@aurumwire/shared/sentiment-engine";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { useSentimentEngine, useUpdateSentimentEngine } from "../../api/sentiment";
import { useFeedback } from "../../components/feedback";
import { useAuth } from "../../lib/auth-context";
import { formatDateTime } from "../../lib/dates";

/**
 * Which classifier scores the newsroom's sentiment (decision 260): the offline classifier, or the
 * AI model the server is configured with (the AI writer's), with the offline one as its fallback.
 * Editors and admins switch it here; authors see which is in use.
 */
export function SentimentEngineSwitch() {
  const { user } = useAuth();
  const setting = useSentimentEngine();
  const update = useUpdateSentimentEngine();
  const feedback = useFeedback();
  const data = setting.data;
  if (setting.isError) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        Failed to load the sentiment engine
      </Alert>
    );
  }
  if (!data) return null;
  const mayChange = isEditor(user) && !update.isPending;
  const modelName = data.ai.configured ? `${data.ai.model} on ${data.ai.provider}` : null;

  const change = (engine: SentimentEngine) =>
    update.mutate(engine, {
      onSuccess: () =>
        feedback.show(
          "success",
          engine === "ai"
            ? "Sentiment is now scored by the AI model, with the offline classifier as fallback."
            : "Sentiment is now scored by the offline classifier.",
        ),
      onError: (error) => feedback.show("error", error.message || "Failed to save settings"),
    });

  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 2, pt: 0.5, pb: 1.5, mb: 2 }}
      data-testid="sentiment-engine"
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Scored by
      </Typography>
      <RadioGroup
        value={data.engine}
        onChange={(event) => change(event.target.value as SentimentEngine)}
        sx={{ flexDirection: { xs: "column", sm: "row" }, columnGap: 3 }}
      >
        <FormControlLabel
          value="offline"
          control={<Radio />}
          label="Offline classifier"
          disabled={!mayChange}
        />
        <FormControlLabel
          value="ai"
          control={<Radio />}
          label={modelName ? `AI model (${modelName})` : "AI model (not configured)"}
          disabled={!mayChange || !data.ai.configured}
        />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary">
        {data.ai.configured
          ? `The model reads new and changed articles and news in batches for the newsroom byline; what it cannot read (a failure, the daily limit) the offline classifier scores. Your AI calls today: ${data.ai.usedToday} of ${data.ai.dailyLimit}.`
          : "No AI provider is configured on the server (OLLAMA_URL, or OPENAI_BASE_URL and OPENAI_API_KEY), so the offline classifier scores everything."}
        {data.updatedAt && data.updatedBy
          ? ` Set by ${data.updatedBy.firstName} ${data.updatedBy.lastName}, ${formatDateTime(data.updatedAt)}.`
          : ""}
        {isEditor(user) ? "" : " Editors and admins can change it."}
      </Typography>
      {feedback.element}
    </Box>
  );
}
