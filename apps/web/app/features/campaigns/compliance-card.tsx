import { type ComplianceStatus, rateLimitedNote } from "@aurumwire/shared/partners";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { formatDateTime } from "../../lib/dates";

/**
 * Spec point 4: 'Compliant' while the remaining quota is above 0, else 'Rate Limited' with the
 * note; remaining = max(0, maxArticles - articlesLast24Hours) as the server counts it in the
 * rule's window; the bar turns red at or above the max.
 */
export function ComplianceSummary({ compliance }: { compliance: ComplianceStatus }) {
  const max = compliance.complianceRule.maxArticles;
  const used = max - compliance.remaining;
  const limited = compliance.remaining <= 0;
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
        <Chip
          label={limited ? "Rate Limited" : "Compliant"}
          color={limited ? "error" : "success"}
          size="small"
        />
        <Typography variant="body2" color="text.secondary">
          {used} of {max} articles in the last {compliance.complianceRule.windowHours} hours
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (used / Math.max(1, max)) * 100)}
        color={used >= max ? "error" : "primary"}
        aria-label="Articles sent in the compliance window"
        // A neutral track: at 0 of 3 the bar must look empty, not gold (issue 32).
        sx={{ height: 8, borderRadius: 4, mb: 1, bgcolor: "action.selected" }}
      />
      {limited && (
        <Typography variant="body2" color="error.main">
          {rateLimitedNote}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {compliance.complianceRule.description}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Last 7 days: {compliance.statistics.articlesLast7Days} (average{" "}
        {compliance.statistics.averagePerDay} per day)
        {compliance.queued > 0
          ? ` · ${compliance.queued} queued, next at ${formatDateTime(compliance.nextSlotAt)}`
          : ""}
      </Typography>
    </Box>
  );
}
