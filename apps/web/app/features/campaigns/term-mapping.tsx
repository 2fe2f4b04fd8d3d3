import {
  partnerTaxonomies,
  partnerTaxonomyLabels,
  termMappingInputSchema,
} from "@aurumwire/shared/partner-terms";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useSaveTermMapping, useTermMappings } from "../../api/campaigns";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormSelectField, valueOptions } from "../../components/form/form-select-field";
import { FormTextField } from "../../components/form/form-text-field";
import { ManagementTable } from "../../components/management-table";
import { errorMessage } from "../../lib/error-text";

type Values = { taxonomy: string; slug: string; remoteId: string };
const resolver = schemaResolver(termMappingInputSchema, (values: Values) => values);
const taxonomyOptions = valueOptions(
  partnerTaxonomies,
  (taxonomy) => partnerTaxonomyLabels[taxonomy],
);

/**
 * The term mapping of one connection (decision 175): our category or tag (by slug) and the
 * partner's term it becomes. Setting a slug again replaces its term; Clear has it looked up on
 * the partner again on the next send.
 */
export function TermMappingDialog(props: {
  base: string;
  partner: { id: number; name: string };
  onClose: () => void;
  onDone: (severity: "success" | "error", text: string) => void;
}) {
  const terms = useTermMappings(props.base, props.partner.id);
  // A phone gets the whole screen: the list and the form below it scroll as one.
  const fullScreen = useMediaQuery("(max-width:600px)");
  const remoteIdField = useId();
  const save = useSaveTermMapping(props.base, props.partner.id);
  const form = useForm<Values>({
    resolver: resolver as never,
    defaultValues: { taxonomy: "tags", slug: "", remoteId: "" },
  });
  const submit = form.handleSubmit(async (parsed) => {
    try {
      await save.mutateAsync({ ...parsed, remoteId: String(parsed.remoteId) });
      props.onDone("success", `Mapped "${parsed.slug}" to term ${parsed.remoteId}`);
      form.reset({ taxonomy: parsed.taxonomy, slug: "", remoteId: "" });
    } catch (caught) {
      showServerFieldErrors(caught, form.setError, ["taxonomy", "slug", "remoteId"]);
      form.setError("root", { message: errorMessage(caught, "Failed to save the mapping") });
    }
  });
  const data = terms.data;
  const mappings = data?.mappings ?? [];
  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle>Term mapping: {props.partner.name}</DialogTitle>
      {/* Rows as tall as their content: a long list scrolls with the form, never squeezed. */}
      <DialogContent sx={{ display: "grid", gap: 2, gridAutoRows: "max-content" }}>
        {terms.error && <Alert severity="error">Failed to load the term mapping</Alert>}
        {data && <Typography variant="body2">{data.message}</Typography>}
        {data?.supported && (
          <>
            <ManagementTable
              label="Term mapping"
              dense
              columns={[
                { label: "Kind" },
                { label: "Our slug" },
                { label: "Partner term id" },
                { label: "Actions" },
              ]}
              loading={{ active: terms.isLoading, text: "Loading term mapping..." }}
              empty={{
                active: !terms.isLoading && mappings.length === 0,
                text: "Nothing mapped yet: terms are looked up or made on the first send",
              }}
            >
              {mappings.map((mapping) => (
                <TableRow key={`${mapping.taxonomy}:${mapping.slug}`}>
                  <TableCell>{partnerTaxonomyLabels[mapping.taxonomy]}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{mapping.slug}</TableCell>
                  <TableCell>{mapping.remoteId}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    <Button
                      size="small"
                      aria-label={`Change ${mapping.slug}`}
                      onClick={() => {
                        form.reset({
                          taxonomy: mapping.taxonomy,
                          slug: mapping.slug,
                          remoteId: mapping.remoteId,
                        });
                        // The form is below the list (off screen on a phone): go to its term id.
                        document.getElementById(remoteIdField)?.focus();
                      }}
                    >
                      Change
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      // The theme's error red is under 4.5:1 as small text on the dialog's paper.
                      sx={{ color: "error.light" }}
                      disabled={save.isPending}
                      aria-label={`Clear ${mapping.slug}`}
                      onClick={async () => {
                        try {
                          await save.mutateAsync({ ...mapping, clear: true });
                          props.onDone("success", `Cleared "${mapping.slug}"`);
                        } catch (caught) {
                          props.onDone("error", errorMessage(caught, "Failed to clear"));
                        }
                      }}
                    >
                      Clear
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </ManagementTable>
            <Box
              component="form"
              method="post"
              onSubmit={submit}
              noValidate
              aria-label="Map a term"
              sx={{
                display: "grid",
                gap: 2,
                gridTemplateColumns: { xs: "1fr", sm: "140px 1fr 160px auto" },
                alignItems: "start",
              }}
            >
              <FormSelectField
                name="taxonomy"
                control={form.control}
                label="Kind"
                options={taxonomyOptions}
              />
              <FormTextField
                name="slug"
                control={form.control}
                label="Our slug"
                hint="e.g. bitcoin-etf"
              />
              <FormTextField
                name="remoteId"
                control={form.control}
                label="Partner term id"
                id={remoteIdField}
                inputMode="numeric"
              />
              <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
                Save mapping
              </Button>
            </Box>
            {form.formState.errors.root && (
              <Alert severity="error">{form.formState.errors.root.message}</Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
