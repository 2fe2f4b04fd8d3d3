import type { ImageServiceStatus } from "@aurumwire/shared/ai-images";
import Typography from "@mui/material/Typography";

/** "DALL-E this month: $0.12 of $25.00": the month's spend (UTC) and the cap when there is one. */
export function DalleSpend(props: { status: ImageServiceStatus }) {
  const { monthlySpend = 0, monthlyBudget } = props.status;
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      DALL-E this month: ${monthlySpend.toFixed(2)}
      {monthlyBudget != null ? ` of $${monthlyBudget.toFixed(2)} budget` : " (no monthly cap)"}
    </Typography>
  );
}
