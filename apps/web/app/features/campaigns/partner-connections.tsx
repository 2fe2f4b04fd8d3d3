import {
  createPartnerConnectionSchema,
  type PartnerConnectionView,
  partnerKindLabels,
  partnerKinds,
  partnerPostStatuses,
  updatePartnerConnectionSchema,
} from "@aurumwire/shared/partners";
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  useDeletePartner,
  usePartners,
  useSavePartner,
  useTestConnection,
} from "../../api/campaigns";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormSelectField, valueOptions } from "../../components/form/form-select-field";
import { FormTextField } from "../../components/form/form-text-field";
import { ManagementTable } from "../../components/management-table";
import { formatDateTime } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";
import { SectionHeader } from "./campaign-screen-parts";
import { TermMappingDialog } from "./term-mapping";

type Values = {
  name: string;
  kind: string;
  url: string;
  username: string;
  secret: string;
  postStatus: string;
  maxArticles: string;
  windowHours: string;
  isDefault: boolean;
};

const kindOptions = valueOptions(partnerKinds, (kind) => partnerKindLabels[kind]);

const fields = [
  "name",
  "kind",
  "url",
  "username",
  "secret",
  "postStatus",
  "maxArticles",
  "windowHours",
];

const toInput = (values: Values) => ({
  ...values,
  username: values.username || null,
  secret: values.secret || undefined,
});
const createResolver = schemaResolver(createPartnerConnectionSchema, toInput);
const updateResolver = schemaResolver(updatePartnerConnectionSchema, (values: Values) => {
  const { kind: _kind, ...rest } = toInput(values);
  return rest;
});

function ConnectionDialog(props: {
  base: string;
  editing: PartnerConnectionView | null;
  open: boolean;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const save = useSavePartner(props.base);
  const editing = props.editing;
  const form = useForm<Values>({
    resolver: (editing ? updateResolver : createResolver) as never,
    values: {
      name: editing?.name ?? "",
      kind: editing?.kind ?? "wordpress",
      url: editing?.url ?? "",
      username: editing?.username ?? "",
      secret: "",
      postStatus: editing?.postStatus ?? "pending",
      maxArticles: String(editing?.maxArticles ?? 3),
      windowHours: String(editing?.windowHours ?? 24),
      isDefault: editing?.isDefault ?? false,
    },
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const isDefault = useWatch({ control: form.control, name: "isDefault" });
  const fromEnv = editing?.source === "env";
  const submit = form.handleSubmit(async (parsed) => {
    try {
      await save.mutateAsync({ id: editing?.id, values: parsed as never });
      props.onSaved(editing ? "Partner connection updated" : "Partner connection added");
      props.onClose();
    } catch (caught) {
      showServerFieldErrors(caught, form.setError, fields);
      form.setError("root", { message: errorMessage(caught, "Failed to save partner connection") });
    }
  });
  const secretLabel =
    kind === "wordpress"
      ? "Application password"
      : kind === "ghost"
        ? "Admin API key (id:secret)"
        : "Signing secret";
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth>
      <form method="post" onSubmit={submit} noValidate>
        <DialogTitle>{editing ? "Edit Partner Connection" : "Add Partner Connection"}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
          <FormTextField name="name" control={form.control} label="Name" required />
          <FormSelectField
            name="kind"
            control={form.control}
            label="Kind"
            options={kindOptions}
            disabled={!!editing}
          />
          <FormTextField
            name="url"
            control={form.control}
            label={kind === "webhook" ? "Webhook URL" : "Site address"}
            hint={
              kind === "webhook" ? "The partner's endpoint" : "For example https://partner.example"
            }
            disabled={fromEnv}
            required
          />
          {kind === "wordpress" && (
            <FormTextField
              name="username"
              control={form.control}
              label="WordPress user name"
              disabled={fromEnv}
            />
          )}
          <FormTextField
            name="secret"
            control={form.control}
            label={secretLabel}
            type="password"
            autoComplete="off"
            disabled={fromEnv}
            hint={
              editing
                ? `Stored as ${editing.secretHint}; leave empty to keep it`
                : "Stored encrypted; never shown again"
            }
          />
          {kind !== "webhook" && (
            <FormSelectField
              name="postStatus"
              control={form.control}
              label="Post status on the partner"
              options={valueOptions(partnerPostStatuses)}
            />
          )}
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "1fr 1fr" }}>
            <FormTextField
              name="maxArticles"
              control={form.control}
              label="Max new articles"
              inputMode="numeric"
            />
            <FormTextField
              name="windowHours"
              control={form.control}
              label="Per rolling hours"
              inputMode="numeric"
            />
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={isDefault}
                onChange={(event) => form.setValue("isDefault", event.target.checked)}
              />
            }
            label="Default partner for campaigns"
          />
          {form.formState.errors.root && (
            <Typography color="error" role="alert">
              {form.formState.errors.root.message}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Saving..." : "Save"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Admin: the partner platforms articles are syndicated to (decision 110). */
export function PartnerConnections({ base }: { base: string }) {
  const partners = usePartners(base);
  const test = useTestConnection(base);
  const remove = useDeletePartner(base);
  const feedback = useFeedback();
  const [dialog, setDialog] = useState<{ editing: PartnerConnectionView | null } | null>(null);
  const [deleting, setDeleting] = useState<PartnerConnectionView | null>(null);
  const [mapping, setMapping] = useState<PartnerConnectionView | null>(null);
  const list = partners.data ?? [];
  return (
    <Box sx={{ mt: 4 }}>
      <SectionHeader
        title="Partner connections"
        action={
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            onClick={() => setDialog({ editing: null })}
          >
            Add Partner Connection
          </Button>
        }
      />
      <ManagementTable
        label="Partner connections"
        dense
        columns={[
          { label: "Name" },
          { label: "Kind" },
          { label: "Address" },
          { label: "Key" },
          { label: "Rule" },
          { label: "Last test" },
          { label: "Actions", align: "right" },
        ]}
        loading={{ active: partners.isLoading, text: "Loading partner connections..." }}
        empty={{
          active: !partners.isLoading && list.length === 0,
          text: "No partner connections yet",
        }}
      >
        {list.map((partner) => (
          <TableRow key={partner.id}>
            <TableCell>
              {partner.name}{" "}
              {partner.isDefault && (
                <Chip size="small" label="Default" color="primary" variant="outlined" />
              )}
              {!partner.isActive && <Chip size="small" label="Off" />}
            </TableCell>
            <TableCell>{partnerKindLabels[partner.kind]}</TableCell>
            <TableCell sx={{ maxWidth: 220, overflowWrap: "anywhere" }}>{partner.url}</TableCell>
            <TableCell>{partner.secretHint}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              {partner.maxArticles} / {partner.windowHours} h
            </TableCell>
            <TableCell>
              {partner.lastCheckedAt ? (
                <Chip
                  size="small"
                  color={partner.lastCheckOk ? "success" : "error"}
                  label={`${partner.lastCheckOk ? "OK" : "Failed"} ${formatDateTime(partner.lastCheckedAt)}`}
                  title={partner.lastCheckMessage ?? ""}
                />
              ) : (
                "Not tested"
              )}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              <Button
                size="small"
                disabled={test.isPending}
                onClick={async () => {
                  try {
                    const result = await test.mutateAsync(partner.id);
                    feedback.show(result.ok ? "success" : "error", result.message);
                  } catch (caught) {
                    feedback.show("error", errorMessage(caught, "Connection test failed"));
                  }
                }}
              >
                Test
              </Button>
              {partner.kind === "wordpress" && (
                <Button size="small" onClick={() => setMapping(partner)}>
                  Terms
                </Button>
              )}
              <Button size="small" onClick={() => setDialog({ editing: partner })}>
                Edit
              </Button>
              {partner.source !== "env" && (
                <Button size="small" color="error" onClick={() => setDeleting(partner)}>
                  Delete
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ManagementTable>
      {dialog && (
        <ConnectionDialog
          base={base}
          open
          editing={dialog.editing}
          onClose={() => setDialog(null)}
          onSaved={(text) => feedback.show("success", text)}
        />
      )}
      {mapping && (
        <TermMappingDialog
          base={base}
          partner={mapping}
          onClose={() => setMapping(null)}
          onDone={feedback.show}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Delete partner connection?"
        message={`"${deleting?.name}" will be removed. A partner that already received articles is switched off instead, so its history stays.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            const result = await remove.mutateAsync(deleting.id);
            feedback.show(
              "success",
              result.deleted ? "Partner connection deleted" : "Partner connection switched off",
            );
          } catch (caught) {
            feedback.show("error", errorMessage(caught, "Failed to delete partner connection"));
          }
          setDeleting(null);
        }}
      />
      {feedback.element}
    </Box>
  );
}
