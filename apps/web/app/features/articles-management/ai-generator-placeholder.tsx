import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { dashboardPaths } from "../../lib/dashboard-paths";

/**
 * The 'AI Generator' tab. The generator itself (topics, tone, length, preview, 'Save as Draft &
 * Edit') is built in a later issue; until then the tab says so plainly instead of pretending.
 */
export function AiGeneratorPlaceholder() {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
      <AutoAwesomeIcon sx={{ fontSize: 48, color: "text.disabled", mb: 1 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        The AI article generator is not available yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 520, mx: "auto" }}>
        Generating whole articles with AI is coming in a later release. Until then, write your
        article in the editor.
      </Typography>
      <Button component={RouterLink} to={dashboardPaths.createArticle} variant="contained">
        New Article
      </Button>
    </Paper>
  );
}
