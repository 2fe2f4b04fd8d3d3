import type { ArticleInputParsed } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useFormContext, useWatch } from "react-hook-form";
import { FormTextField } from "../../components/form/form-text-field";
import { SeoPanel } from "../../components/seo-panel";
import type { ArticleFormValues } from "./article-form-values";

/** Meta title and description, with the SEO score recomputed as the writer types. */
export function SeoFieldsPanel() {
  const { control } = useFormContext<ArticleFormValues, unknown, ArticleInputParsed>();
  const [title, excerpt, metaTitle, metaDescription] = useWatch({
    control,
    name: ["title", "excerpt", "metaTitle", "metaDescription"],
  });
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        SEO
      </Typography>
      <Stack spacing={2}>
        <FormTextField
          name="metaTitle"
          control={control}
          label="Meta title"
          fullWidth
          size="small"
          hint="Shown in search results"
          maxLength={limits.metaTitleMax}
        />
        <FormTextField
          name="metaDescription"
          control={control}
          label="Meta description"
          fullWidth
          size="small"
          multiline
          minRows={2}
          hint="The snippet under the link"
          maxLength={limits.metaDescriptionMax}
        />
        <SeoPanel
          title={title}
          metaTitle={metaTitle}
          metaDescription={metaDescription}
          excerpt={excerpt}
        />
      </Stack>
    </Paper>
  );
}
