import {
  type ApiKeyPermission,
  type ApiKeyView,
  apiKeyPermissionLabels,
  apiKeyPermissions,
  createApiKeySchema,
  defaultApiKeyPermissions,
  updateApiKeySchema,
} from "@aurumwire/shared/api-keys";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FocusEvent, type FormEvent, useEffect, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-text";
import { useCreateApiKey, useUpdateApiKey } from "./api-keys-api";

type FieldErrors = Partial<Record<"name" | "permissions" | "expiresAt", string>>;

function issuesToFields(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "name") as keyof FieldErrors;
    fields[name] ??= issue.message;
  }
  return fields;
}

function PermissionPicker({
  value,
  onChange,
  error,
}: {
  value: ApiKeyPermission[];
  onChange: (next: ApiKeyPermission[]) => void;
  error?: string;
}) {
  return (
    <FormControl error={!!error} component="fieldset" variant="standard">
      <FormLabel component="legend">Permissions</FormLabel>
      <FormGroup sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" } }}>
        {apiKeyPermissions.map((permission) => (
          <FormControlLabel
            key={permission}
            control={
              <Checkbox
                checked={value.includes(permission)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, permission]
                      : value.filter((item) => item !== permission),
                  )
                }
              />
            }
            label={
              <Box>
                <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
                  {permission}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {apiKeyPermissionLabels[permission]}
                </Typography>
              </Box>
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** Generate: name, permissions (default articles:create and articles:read), optional expiry. */
export function GenerateApiKeyDialog({
  open,
  onClose,
  onGenerated,
}: {
  open: boolean;
  onClose: () => void;
  onGenerated: (secret: string, key: ApiKeyView) => void;
}) {
  const createKey = useCreateApiKey();
  const [name, setName] = useState("");
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>(defaultApiKeyPermissions);
  const [expiresAt, setExpiresAt] = useState("");
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName("");
      setPermissions(defaultApiKeyPermissions);
      setExpiresAt("");
      setFields({});
      setFailure(null);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // datetime-local is the browser's local time; the API takes an ISO instant.
    const expiry = expiresAt ? new Date(expiresAt) : null;
    const parsed = createApiKeySchema.safeParse({
      name,
      permissions,
      expiresAt:
        expiry && !Number.isNaN(expiry.getTime()) ? expiry.toISOString() : expiresAt || null,
    });
    if (!parsed.success) {
      setFields(issuesToFields(parsed.error.issues));
      return;
    }
    setFields({});
    try {
      const { apiKey, keyInfo } = await createKey.mutateAsync(parsed.data);
      onGenerated(apiKey, keyInfo);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setFields(caught.fields as FieldErrors);
      setFailure(errorMessage(caught, "Failed to create API key"));
    }
  };

  const busy = createKey.isPending;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>Generate API Key</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2.5, pt: "8px !important" }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="Name"
            required
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={!!fields.name}
            helperText={fields.name ?? "What the key is for, e.g. 'Newsletter sync'"}
          />
          <PermissionPicker
            value={permissions}
            onChange={setPermissions}
            error={fields.permissions}
          />
          <TextField
            label="Expires at (optional)"
            type="datetime-local"
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
            error={!!fields.expiresAt}
            helperText={fields.expiresAt ?? "Leave empty for a key that does not expire"}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !name.trim() || permissions.length === 0}
          >
            {busy ? "Generating..." : "Generate Key"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Edit name and permissions of an active key (spec point 4: edit is disabled for inactive keys). */
export function EditApiKeyDialog({
  apiKey,
  onClose,
  onSaved,
}: {
  apiKey: ApiKeyView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const updateKey = useUpdateApiKey();
  const [name, setName] = useState("");
  const [permissions, setPermissions] = useState<ApiKeyPermission[]>([]);
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (apiKey) {
      setName(apiKey.name);
      setPermissions(apiKey.permissions);
      setFields({});
      setFailure(null);
    }
  }, [apiKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey) return;
    setFailure(null);
    const parsed = updateApiKeySchema.safeParse({ name, permissions, isActive: apiKey.isActive });
    if (!parsed.success) {
      setFields(issuesToFields(parsed.error.issues));
      return;
    }
    setFields({});
    try {
      await updateKey.mutateAsync({ id: apiKey.id, changes: parsed.data });
      onSaved();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setFields(caught.fields as FieldErrors);
      setFailure(errorMessage(caught, "Failed to update API key"));
    }
  };

  const busy = updateKey.isPending;
  return (
    <Dialog open={!!apiKey} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>Edit API Key</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2.5, pt: "8px !important" }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {apiKey && (
            <Typography variant="body2" color="text.secondary">
              Key <code>{apiKey.keyPrefix}…</code>. The secret itself cannot be shown again.
            </Typography>
          )}
          <TextField
            label="Name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={!!fields.name}
            helperText={fields.name}
          />
          <PermissionPicker
            value={permissions}
            onChange={setPermissions}
            error={fields.permissions}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !name.trim() || permissions.length === 0}
          >
            {busy ? "Saving..." : "Save Changes"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The one time the full secret is on screen. */
export function RevealApiKeyDialog({
  secret,
  apiKey,
  onCopied,
  onCopyFailed,
  onClose,
}: {
  secret: string | null;
  apiKey: ApiKeyView | null;
  onCopied: () => void;
  onCopyFailed: () => void;
  onClose: () => void;
}) {
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      onCopied();
    } catch {
      onCopyFailed();
    }
  };
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Dialog open={!!secret} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Your New API Key</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2 }}>
        <Alert severity="warning">
          Copy this key now and keep it somewhere safe. For your security it will not be shown
          again.
        </Alert>
        {apiKey && (
          <Typography variant="body2" color="text.secondary">
            {apiKey.name}: {apiKey.permissions.join(", ")}
          </Typography>
        )}
        <Box sx={{ display: "flex", gap: 1, alignItems: "stretch" }}>
          <TextField
            value={secret ?? ""}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                "aria-label": "API key",
                style: { fontFamily: "monospace" },
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
              },
            }}
          />
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
            Copy
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Send it with every request to the public content API:
        </Typography>
        <Box
          component="pre"
          sx={{
            m: 0,
            p: 1.5,
            bgcolor: "background.default",
            borderRadius: 1,
            overflowX: "auto",
            fontSize: 13,
          }}
        >
          {`curl -H "X-API-Key: ${apiKey?.keyPrefix ?? "aw_"}…" ${origin}/public/articles`}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="outlined">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
