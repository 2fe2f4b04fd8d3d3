import type { ArticleReview } from "@aurumwire/shared/article-review";
import type { ArticleStatus } from "@aurumwire/shared/articles";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useArticleReview, useReviewAction } from "../../api/article-review";
import { ArticleStatusChip } from "../../components/article-status-chip";
import { formatDateTime } from "../../lib/dates";
import { serverMessageOr } from "../../lib/error-text";
import { ReturnForChangesDialog } from "./return-for-changes-dialog";

const personName = (person: ArticleReview["submittedBy"]) =>
  person ? `${person.firstName} ${person.lastName}` : "a former staff member";

/**
 * Review before publishing in the editor (decision 265): where the article stands, the editor's
 * note, "Submit for review" for a draft, and for editors "Return with note" (publishing and
 * scheduling are the Publishing panel's ordinary save).
 */
export function ReviewPanel(props: {
  articleId: number;
  articleTitle: string;
  storedStatus: ArticleStatus;
  canPublish: boolean;
  hasUnsavedChanges: boolean;
  onMessage: (severity: "success" | "error", text: string) => void;
}) {
  const { articleId, articleTitle, storedStatus, canPublish, hasUnsavedChanges, onMessage } = props;
  const review = useArticleReview(articleId);
  const action = useReviewAction();
  const [returning, setReturning] = useState(false);
  const current = review.data ?? null;
  const inReview = current?.state === "in_review";
  const canSubmit = storedStatus === "draft" && !inReview;
  if (review.isPending || (!current && !canSubmit)) return null;

  const submit = async () => {
    try {
      await action.mutateAsync({ kind: "submit", id: articleId });
      onMessage("success", "Submitted for review. An editor will publish it or send it back.");
    } catch (caught) {
      onMessage("error", serverMessageOr("Failed to submit the article for review.", caught));
    }
  };
  const returnWithNote = async (note: string) => {
    try {
      await action.mutateAsync({ kind: "return", id: articleId, note });
      setReturning(false);
      onMessage("success", "Returned to the author with your note.");
    } catch (caught) {
      onMessage("error", serverMessageOr("Failed to return the article.", caught));
      throw caught;
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="review-heading"
      sx={{ p: 2.5, mb: 3 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 1.5, flexWrap: "wrap" }}>
        <Typography id="review-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Review
        </Typography>
        {current && <ArticleStatusChip status="draft" review={current} />}
      </Stack>
      {current?.note && (
        <Alert
          severity={current.state === "changes_requested" ? "warning" : "info"}
          sx={{ mb: 2 }}
          data-testid="review-note"
        >
          <AlertTitle>
            {current.state === "changes_requested" ? "Changes requested" : "Earlier note"} by{" "}
            {personName(current.returnedBy)}
            {current.returnedAt ? `, ${formatDateTime(current.returnedAt)}` : ""}
          </AlertTitle>
          <Box component="p" sx={{ m: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {current.note}
          </Box>
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {inReview
          ? `In the Review queue since ${formatDateTime(current?.submittedAt)}, submitted by ${personName(current?.submittedBy ?? null)}. An editor publishes it or returns it with a note.`
          : current?.state === "changes_requested"
            ? "Make the changes, save, and submit it again."
            : "When the draft is ready, submit it: editors see it in their Review queue."}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        {canSubmit && (
          <Tooltip title={hasUnsavedChanges ? "Save your changes before submitting" : ""}>
            <span>
              <Button
                variant="contained"
                disabled={action.isPending || hasUnsavedChanges}
                onClick={submit}
              >
                {current ? "Resubmit for review" : "Submit for review"}
              </Button>
            </span>
          </Tooltip>
        )}
        {canPublish && inReview && (
          <Button variant="outlined" color="warning" onClick={() => setReturning(true)}>
            Return with note
          </Button>
        )}
      </Stack>
      <ReturnForChangesDialog
        open={returning}
        articleTitle={articleTitle}
        onClose={() => setReturning(false)}
        onReturn={returnWithNote}
      />
    </Paper>
  );
}
