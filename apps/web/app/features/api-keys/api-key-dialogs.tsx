import {
  type ApiKeyPermission,
  type ApiKeyView,
  apiKeyPermissionLabels,
  apiKeyPermissions,
  type CreateApiKey,
  createApiKeySchema,
  defaultApiKeyPermissions,
  type UpdateApiKey,
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
import { type FocusEvent, useEffect, useState } from "react";
import { type Control, Controller, useForm } from "react-hook-form";
import { useCreateApiKey, useUpdateApiKey } from "../../api/api-keys";
import { FormDialog } from "../../components/form/form-dialog";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";
import { errorMessage } from "../../lib/error-text";

type KeyFormValues = { name: string; permissions: ApiKeyPermission[]; expiresAt: string };
const keyFields = ["name", "permissions", "expiresAt"] as const;

/** datetime-local is the browser's local time; the API takes an ISO instant. */
function expiryInput(expiresAt: string): string | null {
  const expiry = expiresAt ? new Date(expiresAt) : null;
  return expiry && !Number.isNaN(expiry.getTime()) ? expiry.toISOString() : expiresAt || null;
}

const createResolver = schemaResolver(createApiKeySchema, (values: KeyFormValues) => ({
  name: values.name,
  permissions: values.permissions,
  expiresAt: expiryInput(values.expiresAt),
}));

function PermissionsField<Transformed>(props: {
  control: Control<KeyFormValues, unknown, Transformed>;
}) {
  return (
    <Controller
      name="permissions"
      control={props.control}
      render={({ field, fieldState }) => (
        <PermissionPicker
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
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

const blank: KeyFormValues = { name: "", permissions: defaultApiKeyPermissions, expiresAt: "" };

/**
 * The one API key form, as "Generate API Key" (name, permissions defaulting to articles:create
 * and articles:read, optional expiry) or "Edit API Key" of `apiKey` (name and permissions of an
 * active key; spec point 4: edit is disabled for inactive keys). The server's field messages land
 * under the fields, its sentence at the top of the dialog.
 */
export function ApiKeyFormDialog(
  props: { onClose: () => void } & (
    | { mode: "create"; open: boolean; onGenerated: (secret: string, key: ApiKeyView) => void }
    | { mode: "edit"; apiKey: ApiKeyView | null; onSaved: () => void }
  ),
) {
  const { mode, onClose } = props;
  const apiKey = props.mode === "edit" ? props.apiKey : null;
  const open = props.mode === "edit" ? !!props.apiKey : props.open;
  const createKey = useCreateApiKey();
  const updateKey = useUpdateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, watch } = useForm<
    KeyFormValues,
    unknown,
    CreateApiKey | UpdateApiKey
  >({
    defaultValues: blank,
    resolver:
      mode === "create"
        ? createResolver
        : schemaResolver(updateApiKeySchema, (values: KeyFormValues) => ({
            name: values.name,
            permissions: values.permissions,
            isActive: apiKey?.isActive ?? true,
          })),
  });

  useEffect(() => {
    if (!open) return;
    reset(apiKey ? { name: apiKey.name, permissions: apiKey.permissions, expiresAt: "" } : blank);
    setFailure(null);
  }, [open, apiKey, reset]);

  const submit = handleSubmit(async (parsed) => {
    setFailure(null);
    try {
      if (props.mode === "create" && "expiresAt" in parsed) {
        const { apiKey: secret, keyInfo } = await createKey.mutateAsync(parsed);
        props.onGenerated(secret, keyInfo);
      } else if (props.mode === "edit" && apiKey) {
        await updateKey.mutateAsync({ id: apiKey.id, changes: parsed });
        props.onSaved();
      }
    } catch (caught) {
      showServerFieldErrors(caught, setError, keyFields);
      setFailure(
        errorMessage(
          caught,
          mode === "create" ? "Failed to create API key" : "Failed to update API key",
        ),
      );
    }
  });
  const [name, permissions] = watch(["name", "permissions"]);

  return (
    <FormDialog
      open={open}
      title={mode === "create" ? "Generate API Key" : "Edit API Key"}
      onClose={onClose}
      onSubmit={submit}
      busy={mode === "create" ? createKey.isPending : updateKey.isPending}
      submitLabel={mode === "create" ? "Generate Key" : "Save Changes"}
      busyLabel={mode === "create" ? "Generating..." : "Saving..."}
      submitDisabled={!name.trim() || permissions.length === 0}
      gap={2.5}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      {apiKey && (
        <Typography variant="body2" color="text.secondary">
          Key <code>{apiKey.keyPrefix}…</code>. The secret itself cannot be shown again.
        </Typography>
      )}
      {mode === "create" ? (
        <>
          <FormTextField
            name="name"
            control={control}
            label="Name"
            required
            autoFocus
            hint="What the key is for, e.g. 'Newsletter sync'"
          />
          <PermissionsField control={control} />
          <FormTextField
            name="expiresAt"
            control={control}
            label="Expires at (optional)"
            type="datetime-local"
            hint="Leave empty for a key that does not expire"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      ) : (
        <>
          <FormTextField name="name" control={control} label="Name" required />
          <PermissionsField control={control} />
        </>
      )}
    </FormDialog>
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
        {/* The full key, so the example runs as it is copied (the dialog shows the key anyway). */}
        <Box
          component="pre"
          aria-label="Example request"
          sx={{
            m: 0,
            p: 1.5,
            bgcolor: "background.default",
            borderRadius: 1,
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
            fontSize: 13,
          }}
        >
          {`curl -H "X-API-Key: ${secret ?? ""}" ${origin}/public/articles`}
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
