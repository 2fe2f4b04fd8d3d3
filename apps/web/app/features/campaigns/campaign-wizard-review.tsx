import { type CampaignTemplate, parseBudget } from "@aurumwire/shared/campaigns";
import type { IntegrationStatus } from "@aurumwire/shared/partners";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { formatCount } from "../../lib/numbers";
import { type DetailsValues, IntegrationBanner } from "./campaign-wizard-parts";
import { ChosenPartners } from "./partner-chooser";

/** Step 3 of the campaign wizard: the review before the campaign is created. */
export function ReviewStep({
  values,
  template,
  articleIds,
  partnerIds,
  partnerBase,
  status,
  ruleText,
  maxArticles,
  error,
}: {
  values: DetailsValues;
  template: CampaignTemplate;
  articleIds: number[];
  partnerIds: number[];
  partnerBase: string;
  status: IntegrationStatus | undefined;
  ruleText: string;
  maxArticles: number;
  error: string | null;
}) {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="h5" component="h2">
        Review Your Campaign
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3">
          {values.name}
        </Typography>
        {values.description && <Typography color="text.secondary">{values.description}</Typography>}
        <Typography variant="body2" sx={{ mt: 1 }}>
          Template: {template.name} · Budget: ${formatCount(parseBudget(values.budget))} ·{" "}
          {values.startDate || "no start"} to {values.endDate || "no end"} · Risk:{" "}
          {values.riskLevel}
        </Typography>
        <Typography variant="body2">
          Articles to syndicate: {values.partnerEnabled ? articleIds.length : "syndication off"}
        </Typography>
      </Paper>
      {values.partnerEnabled && partnerIds.length > 0 ? (
        <ChosenPartners base={partnerBase} ids={partnerIds} />
      ) : (
        <IntegrationBanner status={status} ruleText={ruleText} />
      )}
      {values.partnerEnabled && !partnerIds.length && articleIds.length > maxArticles && (
        <Alert severity="info">
          {articleIds.length} articles: {maxArticles} can go out at once, the others are queued and
          sent as the compliance window allows.
        </Alert>
      )}
      <Alert severity="warning">
        Risk disclaimer: every article carries "Not financial advice. Do your own research (DYOR)."
        Cryptocurrency investments are volatile.
      </Alert>
      <Box>
        <Typography variant="subtitle1">Target platforms</Typography>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {template.platforms.map((platform) => (
            <Chip key={platform} label={platform} size="small" />
          ))}
        </Box>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}
