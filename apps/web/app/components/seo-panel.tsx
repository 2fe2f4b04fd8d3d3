import { computeSeoScore, type SeoInput, type SeoLabel } from "@aurumwire/shared/seo";
import CancelIcon from "@mui/icons-material/Cancel";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";

const labelColor = {
  Excellent: "success",
  Good: "info",
  "Needs Improvement": "warning",
  Poor: "error",
} as const satisfies Record<SeoLabel, string>;

/** The SEO score of spec point 5, recomputed as the writer types. */
export function SeoPanel(props: SeoInput) {
  const { score, label, checks } = computeSeoScore(props);
  return (
    <Box aria-label="SEO score" component="section">
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          SEO Score
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Typography sx={{ fontWeight: 800 }} data-testid="seo-score">
            {score}/100
          </Typography>
          <Chip size="small" label={label} color={labelColor[label]} />
        </Box>
      </Box>
      <LinearProgress
        variant="determinate"
        value={score}
        color={labelColor[label]}
        sx={{ height: 8, borderRadius: 4, mb: 1 }}
        aria-label={`SEO score ${score} of 100`}
      />
      <List dense disablePadding>
        {checks.map((check) => (
          <ListItem key={check.id} disableGutters sx={{ alignItems: "flex-start" }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              {check.passed ? (
                <CheckCircleIcon fontSize="small" color="success" />
              ) : (
                <CancelIcon fontSize="small" color={check.points > 0 ? "warning" : "error"} />
              )}
            </ListItemIcon>
            <ListItemText
              primary={`${check.label} (${check.points}/${check.maxPoints})`}
              secondary={check.advice}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
