import { type LandingPageContent, landingPageContentSchema } from "@aurumwire/shared/landing-page";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useSaveLandingContent } from "../../api/landing-page";
import type { Notify } from "../../components/feedback";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";
import { errorText } from "../../lib/error-text";

const fields: Array<{
  name: keyof LandingPageContent;
  label: string;
  max: number;
  multiline?: boolean;
  hint?: string;
}> = [
  { name: "heroTitle", label: "Hero title", max: 120 },
  { name: "heroSubtitle", label: "Hero subtitle", max: 300, multiline: true },
  { name: "primaryButtonText", label: "Primary button text", max: 40 },
  {
    name: "primaryButtonLink",
    label: "Primary button link",
    max: 300,
    hint: "A path such as /articles, or https://...",
  },
  { name: "secondaryButtonText", label: "Secondary button text", max: 40 },
  {
    name: "secondaryButtonLink",
    label: "Secondary button link",
    max: 300,
    hint: "A path such as /markets, or https://...",
  },
  { name: "seoTitle", label: "SEO page title", max: 60 },
  { name: "metaDescription", label: "Meta description", max: 160, multiline: true },
  { name: "keywords", label: "Keywords", max: 300, hint: "Comma-separated" },
  {
    name: "shareImage",
    label: "Share image",
    max: 500,
    hint: "Address of the image shown when the page is shared (1200 x 630)",
  },
  { name: "aboutTitle", label: "About title", max: 120 },
  { name: "aboutContent", label: "About content", max: 2000, multiline: true },
];

/**
 * Landing Page Editor: the banner, SEO and About texts. 'Preview Changes' shows the page with
 * these values before saving; 'Save Landing Page' saves them for readers.
 */
export function EditorTab({
  content,
  notify,
  onDraftChange,
  onPreview,
}: {
  content: LandingPageContent;
  notify: Notify;
  onDraftChange: (content: LandingPageContent) => void;
  onPreview: () => void;
}) {
  const save = useSaveLandingContent();
  const { control, handleSubmit, setError, reset, formState } = useForm({
    defaultValues: content,
    resolver: schemaResolver(landingPageContentSchema),
  });
  const values = useWatch({ control });
  useEffect(() => {
    onDraftChange({ ...content, ...values });
  }, [values, content, onDraftChange]);

  const submit = handleSubmit(async (parsed) => {
    try {
      const saved = await save.mutateAsync(parsed);
      reset(saved);
      notify("success", "Landing page saved");
    } catch (caught) {
      console.error("landing content save failed", caught);
      showServerFieldErrors(caught, setError, Object.keys(content));
      notify("error", errorText("Failed to save the landing page", caught));
    }
  });

  return (
    <Box component="form" method="post" onSubmit={submit} noValidate>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What readers see in the banner at the top of the landing page, and what search engines and
        shared links show.
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {fields.map((field) => (
          <FormTextField
            key={field.name}
            name={field.name}
            control={control}
            label={field.label}
            maxLength={field.max}
            hint={field.hint}
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            sx={field.multiline ? { gridColumn: { md: "1 / -1" } } : undefined}
          />
        ))}
      </Box>
      <Stack direction="row" sx={{ mt: 3, gap: 2, flexWrap: "wrap" }}>
        <Button variant="outlined" onClick={onPreview}>
          Preview Changes
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending || !formState.isDirty}>
          Save Landing Page
        </Button>
      </Stack>
    </Box>
  );
}
