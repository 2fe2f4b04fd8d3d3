import type { LiveUpdateView } from "@aurumwire/shared/realtime-events";
import { isEditor } from "@aurumwire/shared/roles";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { useArticleForEditing } from "../../api/admin-articles";
import { useDeleteLiveUpdate, useLiveCoverage, useSetLive } from "../../api/live-coverage";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { updateImageAlt } from "../../components/live/live-update-text";
import { ApiError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatDateTime } from "../../lib/dates";
import { serverMessageOr } from "../../lib/error-text";
import { LiveUpdateForm } from "./live-update-form";
import { EditorLoadFailure } from "./load-failure";

function UpdateCard(props: { update: LiveUpdateView; onEdit: () => void; onDelete: () => void }) {
  const { update } = props;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="desk-live-update">
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(update.createdAt)} · {update.authorName}
        {update.updatedAt !== update.createdAt &&
          ` · corrected ${formatDateTime(update.updatedAt)}`}
      </Typography>
      <Box
        sx={{ "& p": { my: 1 }, "& img": { maxWidth: "100%" }, "& a": { color: "primary.main" } }}
        // Sanitized on the server when posted (decision 234).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save
        dangerouslySetInnerHTML={{ __html: update.content }}
      />
      {update.imageUrl && (
        <Box
          component="img"
          src={update.imageUrl}
          alt={updateImageAlt(update.content)}
          sx={{ maxWidth: 240, borderRadius: 1 }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={props.onEdit}>
          Correct
        </Button>
        <Button size="small" color="error" onClick={props.onDelete}>
          Delete
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /dashboard/articles/{id}/live (decision 236): an editor starts and ends the article's live
 * coverage; editors and the article's author post, correct and delete its updates. Readers see
 * each change within seconds (the stream) and on the server-rendered page.
 */
export function LiveCoverageDesk({ articleId }: { articleId: number }) {
  const { user } = useAuth();
  const feedback = useFeedback();
  const article = useArticleForEditing(Number.isNaN(articleId) ? undefined : articleId);
  const published = article.data?.status === "published";
  const coverage = useLiveCoverage(articleId, published);
  const setLive = useSetLive(articleId);
  const remove = useDeleteLiveUpdate(articleId);
  const [editing, setEditing] = useState<LiveUpdateView | null>(null);
  const [toDelete, setToDelete] = useState<LiveUpdateView | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);

  const toggle = async (live: boolean) => {
    try {
      await setLive.mutateAsync(live);
      feedback.show("success", live ? "Live coverage started" : "Live coverage ended");
    } catch (caught) {
      feedback.show("error", serverMessageOr("Failed to change the coverage.", caught));
    } finally {
      setConfirmEnd(false);
    }
  };

  const back = (
    <Button component={RouterLink} to={dashboardPaths.articles} startIcon={<ArrowBackIcon />}>
      Articles
    </Button>
  );
  if (article.isError) {
    const message =
      article.error instanceof ApiError && article.error.status === 404
        ? "Article not found"
        : serverMessageOr("Failed to load the article", article.error);
    return <EditorLoadFailure title="Live coverage" message={message} />;
  }
  if (!article.data || (published && coverage.isPending)) {
    return (
      <Box sx={{ display: "flex", gap: 2, py: 6, justifyContent: "center" }}>
        <CircularProgress size={24} />
        <Typography>Loading live coverage...</Typography>
      </Box>
    );
  }

  const state = coverage.data?.coverage;
  const updates = coverage.data?.updates ?? [];
  return (
    <Box sx={{ maxWidth: 860 }}>
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", my: 1, flexWrap: "wrap" }}>
        <Typography variant="h4" component="h1">
          Live coverage
        </Typography>
        {state?.live ? (
          <Chip label="Live" color="error" size="small" data-testid="desk-live-state" />
        ) : (
          <Chip
            label={state?.endedAt ? "Ended" : "Not live"}
            size="small"
            data-testid="desk-live-state"
          />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {article.data.title}
        {published && (
          <>
            {" · "}
            <Link href={`/article/${article.data.slug}`} target="_blank" rel="noopener">
              View article
            </Link>
          </>
        )}
      </Typography>

      {!published ? (
        <Alert severity="info">Publish the article before starting live coverage.</Alert>
      ) : (
        <>
          {coverage.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverMessageOr("Failed to load the updates", coverage.error)}
            </Alert>
          )}
          <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            {isEditor(user) ? (
              state?.live ? (
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => setConfirmEnd(true)}
                  disabled={setLive.isPending}
                >
                  End coverage
                </Button>
              ) : (
                <Button
                  variant="contained"
                  onClick={() => toggle(true)}
                  disabled={setLive.isPending}
                >
                  {state?.endedAt ? "Resume live coverage" : "Start live coverage"}
                </Button>
              )
            ) : (
              <Typography color="text.secondary">
                An editor starts and ends the coverage; you may post updates to your article.
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {state?.startedAt
                ? `Started ${formatDateTime(state.startedAt)}${state.endedAt ? `, ended ${formatDateTime(state.endedAt)}` : ""}.`
                : "Readers see a Live badge and the updates, newest first, while it runs."}
            </Typography>
          </Paper>

          <LiveUpdateForm
            key={editing?.id ?? "new"}
            articleId={articleId}
            editing={editing}
            onDone={(message) => {
              setEditing(null);
              if (message) feedback.show("success", message);
            }}
            onError={(message) => feedback.show("error", message)}
          />

          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Updates ({updates.length})
          </Typography>
          {updates.length === 0 && <Typography color="text.secondary">No updates yet.</Typography>}
          {updates.map((update) => (
            <UpdateCard
              key={update.id}
              update={update}
              onEdit={() => {
                setEditing(update);
                window.scrollTo({ top: 0 });
              }}
              onDelete={() => setToDelete(update)}
            />
          ))}
        </>
      )}

      <ConfirmDialog
        open={confirmEnd}
        title="End live coverage"
        message="Readers will see that the coverage has ended. The updates stay on the page."
        confirmLabel="End coverage"
        busy={setLive.isPending}
        onConfirm={() => toggle(false)}
        onCancel={() => setConfirmEnd(false)}
      />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete update"
        message="Readers will no longer see this update. This action cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            if (editing?.id === toDelete.id) setEditing(null);
            feedback.show("success", "Update deleted");
          } catch (caught) {
            feedback.show("error", serverMessageOr("Failed to delete the update.", caught));
          } finally {
            setToDelete(null);
          }
        }}
        onCancel={() => setToDelete(null)}
      />
      {feedback.element}
    </Box>
  );
}

/** The article editor's way to the article's live coverage desk. */
export function LiveCoverageButton({ articleId }: { articleId: number }) {
  return (
    <Button variant="outlined" component={RouterLink} to={dashboardPaths.articleLive(articleId)}>
      Live coverage
    </Button>
  );
}
