import { isEditor } from "@aurumwire/shared/roles";
import RateReviewIcon from "@mui/icons-material/RateReview";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { useReviewCounts } from "../../api/article-review";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatCount } from "../../lib/numbers";

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * The dashboard's review count (decision 265): editors and admins see the Review queue, authors
 * their own articles in review and those returned with a note. Each links to the filtered list.
 */
export function ReviewQueueCard() {
  const { user } = useAuth();
  const counts = useReviewCounts();
  const editor = isEditor(user);
  if (!counts.data) return null;
  const { inReview, changesRequested } = counts.data;
  const queue = `${dashboardPaths.articles}?status=review`;
  const returned = `${dashboardPaths.articles}?status=changes_requested`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="review-queue-heading"
      sx={{ p: 2.5, mb: 4, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}
    >
      <Box sx={{ color: "primary.main", display: "flex" }}>
        <RateReviewIcon />
      </Box>
      <Box sx={{ flex: "1 1 240px", minWidth: 0 }}>
        <Typography id="review-queue-heading" variant="h6" component="h2">
          {editor ? "Review queue" : "Your articles in review"}
        </Typography>
        <Typography color="text.secondary" data-testid="review-count">
          {editor
            ? `${plural(inReview, "article waits", "articles wait")} for an editor.`
            : `${plural(inReview, "article", "articles")} in review, ${plural(changesRequested, "returned", "returned")} with changes requested.`}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button component={RouterLink} to={queue} variant={editor ? "contained" : "outlined"}>
          {editor ? "Open the Review queue" : "In review"}
        </Button>
        {!editor && (
          <Button component={RouterLink} to={returned} variant="outlined">
            Changes requested
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
