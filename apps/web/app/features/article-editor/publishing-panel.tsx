import type { Article, ArticleInputParsed } from "@aurumwire/shared/articles";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { Controller, useFormContext } from "react-hook-form";
import { articleStatusLabel, isScheduled } from "../../components/article-status-chip";
import { FormCheckboxField } from "../../components/form/form-checkbox-field";
import type { ArticleFormValues, SaveAction } from "./article-form-values";
import { EditorPanel } from "./editor-panel";

/** Status, the featured and premium switches, and the save buttons (spec points 2, 4 and 6). */
export function PublishingPanel(props: {
  editMode: boolean;
  canPublish: boolean;
  storedStatus: Article["status"] | null;
  storedPublishedAt: string | null;
  pendingAction: SaveAction | null;
  onSave: (action: SaveAction) => void;
}) {
  const { editMode, canPublish, storedStatus, storedPublishedAt, pendingAction, onSave } = props;
  const { control } = useFormContext<ArticleFormValues, unknown, ArticleInputParsed>();
  const busy = pendingAction !== null;
  return (
    <EditorPanel title="Publishing">
      <Controller
        name="status"
        control={control}
        render={({ field }) => (
          <TextField {...field} select label="Status" fullWidth size="small">
            <MenuItem value="draft">Draft</MenuItem>
            <MenuItem value="published" disabled={!canPublish && storedStatus !== "published"}>
              Published
            </MenuItem>
            {storedStatus === "archived" && <MenuItem value="archived">Archived</MenuItem>}
          </TextField>
        )}
      />
      {storedStatus && isScheduled(storedStatus, storedPublishedAt) && (
        <Alert severity="info" icon={false} data-testid="scheduled-note">
          {articleStatusLabel(storedStatus, storedPublishedAt)}. Readers see it from then on;
          Publish makes it public now.
        </Alert>
      )}
      {!canPublish && (
        <Typography variant="caption" color="text.secondary">
          Authors save drafts and submit them for review; an editor or admin publishes them.
        </Typography>
      )}
      <FormCheckboxField
        name="isFeatured"
        control={control}
        toggle="switch"
        label="Featured article"
        disabled={!canPublish}
      />
      <FormCheckboxField
        name="isPremium"
        control={control}
        toggle="switch"
        label="Premium content"
      />
      <Divider />
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => onSave("draft")}>
          {pendingAction === "draft" ? "Saving..." : "Save Draft"}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => onSave("save")}>
          {pendingAction === "save" ? "Saving..." : editMode ? "Update Article" : "Create Article"}
        </Button>
        {editMode && (
          <Tooltip title={canPublish ? "" : "Only editors and admins can publish articles"}>
            <span>
              <Button
                variant="contained"
                color="success"
                disabled={busy || !canPublish}
                onClick={() => onSave("publish")}
              >
                {pendingAction === "publish" ? "Publishing..." : "Publish"}
              </Button>
            </span>
          </Tooltip>
        )}
      </Stack>
    </EditorPanel>
  );
}
