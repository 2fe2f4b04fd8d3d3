import {
  type ContactDetailsInput,
  type ContactDetailsUpdate,
  contactDetailsUpdateSchema,
} from "@aurumwire/shared/site-settings";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useContactDetails, useUpdateContactDetails } from "../../api/site-settings";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";
import { ApiError } from "../../lib/api-client";
import { SaveRow } from "./save-row";
import { useSettingsSave } from "./use-settings-save";

/** The social profiles are typed one per line. */
type ContactDetailsFields = Omit<ContactDetailsInput, "socialLinks"> & { socialLinks: string };

const fieldNames = ["bitcoinAddress", "contactEmail", "socialLinks"] as const;

const toInput = (values: ContactDetailsFields): ContactDetailsInput => ({
  ...values,
  socialLinks: values.socialLinks.split("\n"),
});

/**
 * The contribution address under articles and the contact e-mail of the contact and privacy pages
 * (decision 135). Empty fields hide them from the site instead of showing a placeholder.
 */
export function ContactDetailsForm() {
  const details = useContactDetails();
  const update = useUpdateContactDetails();
  const { save, messages } = useSettingsSave();
  const form = useForm<ContactDetailsFields, unknown, ContactDetailsUpdate>({
    defaultValues: { bitcoinAddress: "", contactEmail: "", socialLinks: "" },
    resolver: schemaResolver(contactDetailsUpdateSchema, toInput),
  });
  const { control, handleSubmit, reset, setError } = form;

  useEffect(() => {
    if (details.data) {
      reset({
        bitcoinAddress: details.data.bitcoinAddress ?? "",
        contactEmail: details.data.contactEmail ?? "",
        socialLinks: details.data.socialLinks.join("\n"),
      });
    }
  }, [details.data, reset]);

  const submit = handleSubmit((values) =>
    save(
      () =>
        update.mutateAsync({
          bitcoinAddress: values.bitcoinAddress ?? "",
          contactEmail: values.contactEmail ?? "",
          socialLinks: values.socialLinks ?? [],
        }),
      (caught) => showServerFieldErrors(caught, setError, fieldNames),
    ),
  );

  const updatedBy = details.data?.updatedBy;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          Contact and Contributions
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The Bitcoin address in the contribution box under every article, the e-mail address on the
          Contact and Privacy pages, and the site's social profiles, which search engines are told
          belong to this site. Leave a field empty to hide it from the site.
        </Typography>
        {details.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {details.error instanceof ApiError
              ? "Failed to load site settings"
              : "Error loading site settings"}
          </Alert>
        )}
        {messages}
        <Stack spacing={2}>
          <FormTextField
            name="bitcoinAddress"
            control={control}
            label="Bitcoin contribution address"
            fullWidth
            disabled={details.isPending}
            hint="bc1..., 1... or 3...; empty hides the contribution box"
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: "off" } }}
          />
          <FormTextField
            name="contactEmail"
            control={control}
            label="Contact e-mail"
            type="email"
            fullWidth
            disabled={details.isPending}
            hint="Shown on the Contact and Privacy pages; empty points readers to the contact form"
          />
          <FormTextField
            name="socialLinks"
            control={control}
            label="Social profiles"
            multiline
            minRows={2}
            fullWidth
            disabled={details.isPending}
            placeholder="https://x.com/aurumwire"
            hint="One https:// address per line (X, Telegram, LinkedIn, ...), at most 10"
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        </Stack>
        <SaveRow updatedAt={details.data?.updatedAt} updatedBy={updatedBy}>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending || details.isPending}
          >
            {update.isPending ? "Saving..." : "Save Contact Details"}
          </Button>
        </SaveRow>
      </Box>
    </Paper>
  );
}
