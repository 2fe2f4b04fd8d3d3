import { type ApiKeyStatus, type ApiKeyView, apiKeyStatus } from "@aurumwire/shared/api-keys";
import { dateFormats, limits } from "@aurumwire/shared/limits";
import AddIcon from "@mui/icons-material/Add";
import BlockIcon from "@mui/icons-material/Block";
import EditIcon from "@mui/icons-material/Edit";
import PauseCircleOutlineIcon from "@mui/icons-material/PauseCircleOutlined";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useApiKeys, useRevokeApiKey, useUpdateApiKey } from "../../api/api-keys";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { RowActionsMenu } from "../../components/row-actions-menu";
import { useAuth } from "../../lib/auth-context";
import { formatDisplayDate } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";
import { formatCount } from "../../lib/numbers";
import { ApiKeyFormDialog, RevealApiKeyDialog } from "./api-key-dialogs";

const statusColor: Record<ApiKeyStatus, "success" | "warning" | "error" | "default"> = {
  active: "success",
  expired: "warning",
  deactivated: "default",
  revoked: "error",
};

/** 'MMM dd, yyyy HH:mm' (spec point 9), the time on a line of its own when the column is narrow. */
function KeyDate({ value, empty }: { value: string | null; empty?: string }) {
  if (!value && empty) return <span>{empty}</span>;
  const text = formatDisplayDate(value, dateFormats.apiKeys);
  const cut = text.lastIndexOf(" ");
  if (cut < 0) return <span>{text}</span>;
  return (
    <span>
      <span style={{ whiteSpace: "nowrap" }}>{text.slice(0, cut)}</span>{" "}
      <span style={{ whiteSpace: "nowrap" }}>{text.slice(cut + 1)}</span>
    </span>
  );
}

/** API Key Management (/dashboard/api-keys, all staff; decision 050): spec points 2, 4, 5 and 8. */
export function ApiKeyManagement() {
  const { user } = useAuth();
  const keys = useApiKeys();
  const updateKey = useUpdateApiKey();
  const revokeKey = useRevokeApiKey();
  const [generating, setGenerating] = useState(false);
  const [revealed, setRevealed] = useState<{ secret: string; key: ApiKeyView } | null>(null);
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const feedback = useFeedback();
  const isAdmin = user?.role === "admin";
  const list = keys.data ?? [];

  const toggle = async (key: ApiKeyView) => {
    const isActive = !key.isActive;
    try {
      await updateKey.mutateAsync({ id: key.id, changes: { isActive } });
      feedback.show("success", `API key ${isActive ? "activated" : "deactivated"} successfully`);
    } catch (caught) {
      feedback.show("error", errorMessage(caught, "Failed to update API key"));
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeKey.mutateAsync(revoking.id);
      feedback.show("success", "API key revoked successfully");
    } catch (caught) {
      feedback.show("error", errorMessage(caught, "Failed to revoke API key"));
    }
    setRevoking(null);
  };

  return (
    <Box>
      <PageHeading
        title="API Key Management"
        subtitle={
          isAdmin
            ? "Keys of every staff member for the public content API."
            : "Your keys for the public content API."
        }
      >
        <Button
          sx={{ mt: 2 }}
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setGenerating(true)}
        >
          Generate New Key
        </Button>
      </PageHeading>

      <Alert severity="info" sx={{ mb: 2 }}>
        Send a key as <code>X-API-Key: &lt;key&gt;</code> or{" "}
        <code>Authorization: Bearer &lt;key&gt;</code> to the API under <code>/public/</code>. Each
        key may make {limits.apiKeyRequestsPerMinute} requests per minute and acts with its owner's
        rights.{" "}
        <Link href="/public/docs" target="_blank" rel="noopener">
          API documentation
        </Link>
      </Alert>

      {keys.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(keys.error, "Failed to fetch API keys")}
        </Alert>
      )}

      <ManagementTable
        label="API keys"
        dense
        columns={[
          { label: "Name" },
          { label: "Key" },
          { label: "Permissions" },
          { label: "Status" },
          { label: "Usage", align: "right" },
          { label: "Last Used" },
          { label: "Expires" },
          { label: "Created" },
          { label: "Actions", align: "right" },
        ]}
        loading={{ active: keys.isPending, text: "Loading API keys..." }}
        empty={{
          active: keys.isSuccess && list.length === 0,
          text: "No API keys yet. Generate one to connect an application.",
        }}
      >
        {list.map((key) => {
          // Recomputed here so a key that expired while the page was open shows it.
          const status = apiKeyStatus(key);
          const revoked = !!key.revokedAt;
          return (
            <TableRow key={key.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {key.name}
                </Typography>
                {isAdmin && key.user.id !== user?.id && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: "block", overflowWrap: "anywhere" }}
                  >
                    {key.user.email}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>
                {key.keyPrefix}…
              </TableCell>
              <TableCell>
                <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, maxWidth: 280 }}>
                  {key.permissions.map((permission) => (
                    <Chip
                      key={permission}
                      label={permission}
                      size="small"
                      variant="outlined"
                      sx={{ fontFamily: "monospace", fontSize: 11 }}
                    />
                  ))}
                </Box>
              </TableCell>
              <TableCell>
                <Chip size="small" label={status} color={statusColor[status]} />
              </TableCell>
              <TableCell align="right">
                <Tooltip
                  title={`${key.usageCount} requests${key.lastUsedIp ? `, the last from ${key.lastUsedIp}` : ""}`}
                >
                  <span style={{ whiteSpace: "nowrap" }}>{formatCount(key.usageCount)}</span>
                </Tooltip>
              </TableCell>
              <TableCell>
                <KeyDate value={key.lastUsedAt} empty="Never" />
              </TableCell>
              <TableCell>
                <KeyDate value={key.expiresAt} empty="Never" />
              </TableCell>
              <TableCell>
                <KeyDate value={key.createdAt} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                <Tooltip title={key.isActive ? "Edit" : "Activate the key to edit it"}>
                  <span>
                    <IconButton
                      aria-label={`Edit ${key.name}`}
                      disabled={!key.isActive}
                      onClick={() => setEditing(key)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <RowActionsMenu
                  label={key.name}
                  actions={[
                    {
                      // A revoked key can never be activated again (decision 051).
                      label: key.isActive ? "Deactivate" : "Activate",
                      icon: key.isActive ? (
                        <PauseCircleOutlineIcon fontSize="small" />
                      ) : (
                        <PlayCircleOutlineIcon fontSize="small" />
                      ),
                      disabled: revoked || updateKey.isPending,
                      onClick: () => toggle(key),
                    },
                    {
                      label: "Revoke",
                      icon: <BlockIcon fontSize="small" />,
                      color: "error",
                      disabled: revoked,
                      onClick: () => setRevoking(key),
                    },
                  ]}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </ManagementTable>

      <ApiKeyFormDialog
        mode="create"
        open={generating}
        onClose={() => setGenerating(false)}
        onGenerated={(secret, key) => {
          setGenerating(false);
          setRevealed({ secret, key });
        }}
      />
      <RevealApiKeyDialog
        secret={revealed?.secret ?? null}
        apiKey={revealed?.key ?? null}
        onCopied={() => feedback.show("success", "API key copied to clipboard")}
        onCopyFailed={() => feedback.show("error", "Could not copy. Select the key and copy it.")}
        // The secret leaves memory with the dialog.
        onClose={() => setRevealed(null)}
      />
      <ApiKeyFormDialog
        mode="edit"
        apiKey={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          feedback.show("success", "API key updated successfully");
        }}
      />
      <ConfirmDialog
        open={!!revoking}
        title="Revoke API Key"
        message={
          revoking && (
            <>
              Are you sure you want to revoke "{revoking.name}"? Applications using it stop working
              immediately, and a revoked key cannot be activated again.
            </>
          )
        }
        confirmLabel="Revoke"
        busy={revokeKey.isPending}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
      {feedback.element}
    </Box>
  );
}
