import type { Article } from "@aurumwire/shared/articles";
import { htmlTextLength } from "@aurumwire/shared/articles";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { fetchRevision, useRestoreRevision, useRevisions } from "../../api/admin-articles";
import { ArticleAuditList } from "../../components/article-audit-list";
import { ArticleStatusChip } from "../../components/article-status-chip";
import { formatDateTime } from "../../lib/dates";
import { errorText } from "../../lib/error-text";

type Preview = { id: number; excerpt: string; text: string } | null;

/**
 * Earlier versions of the article (every save keeps the one it replaced). Restoring brings back
 * the texts, category, tags, image and meta fields; the version being replaced is kept too.
 */
export function RevisionHistoryDialog(props: {
  open: boolean;
  articleId: number;
  hasUnsavedChanges: boolean;
  onClose: () => void;
  onRestored: (article: Article) => void;
}) {
  const revisions = useRevisions(props.articleId, props.open);
  const restore = useRestoreRevision();
  const [confirmId, setConfirmId] = useState<number | null>(null);
  const [preview, setPreview] = useState<Preview>(null);
  const [error, setError] = useState<string | null>(null);

  const showPreview = async (revisionId: number) => {
    if (preview?.id === revisionId) {
      setPreview(null);
      return;
    }
    try {
      const detail = await fetchRevision(props.articleId, revisionId);
      const text = detail.snapshot.content
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      setPreview({ id: revisionId, excerpt: detail.snapshot.excerpt, text });
    } catch (caught) {
      setError(errorText("Failed to load the revision", caught));
    }
  };

  const doRestore = async (revisionId: number) => {
    setError(null);
    try {
      const article = await restore.mutateAsync({ articleId: props.articleId, revisionId });
      setConfirmId(null);
      props.onRestored(article);
    } catch (caught) {
      setError(errorText("Failed to restore the revision", caught));
    }
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth>
      <DialogTitle>Revision History</DialogTitle>
      <DialogContent dividers>
        {props.hasUnsavedChanges && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            You have unsaved changes. Restoring a revision replaces what is in the editor.
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {revisions.isPending && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
            <CircularProgress aria-label="Loading revisions" />
          </Box>
        )}
        {revisions.isError && <Alert severity="error">Failed to load the revision history</Alert>}
        {revisions.isSuccess && revisions.data.length === 0 && (
          <Typography color="text.secondary">
            No earlier versions yet. Each save keeps the version it replaces.
          </Typography>
        )}
        <List disablePadding>
          {revisions.data?.map((revision) => (
            <ListItem key={revision.id} divider sx={{ display: "block", px: 0 }}>
              <Stack
                direction={{ xs: "column", sm: "row" }}
                spacing={1}
                sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
              >
                <ListItemText
                  primary={revision.title}
                  secondary={`${formatDateTime(revision.createdAt)}${
                    revision.editor
                      ? ` · replaced by ${revision.editor.firstName} ${revision.editor.lastName}`
                      : ""
                  }`}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexShrink: 0 }}>
                  <ArticleStatusChip status={revision.status} />
                  <Button size="small" onClick={() => showPreview(revision.id)}>
                    {preview?.id === revision.id ? "Hide" : "View"}
                  </Button>
                  {confirmId === revision.id ? (
                    <>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={restore.isPending}
                        onClick={() => doRestore(revision.id)}
                      >
                        Confirm restore
                      </Button>
                      <Button size="small" onClick={() => setConfirmId(null)}>
                        Cancel
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setConfirmId(revision.id)}
                    >
                      Restore
                    </Button>
                  )}
                </Stack>
              </Stack>
              {preview?.id === revision.id && (
                <Box sx={{ mt: 1, p: 1.5, bgcolor: "background.default", borderRadius: 1 }}>
                  <Typography variant="body2" sx={{ fontStyle: "italic", mb: 1 }}>
                    {preview.excerpt}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {preview.text.length > 600 ? `${preview.text.slice(0, 600)}...` : preview.text}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {htmlTextLength(preview.text)} characters
                  </Typography>
                </Box>
              )}
            </ListItem>
          ))}
        </List>
        <ArticleAuditList articleId={props.articleId} enabled={props.open} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
