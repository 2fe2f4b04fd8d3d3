import type { ArticleInputParsed } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { useFormContext, useWatch } from "react-hook-form";
import { FormTextField } from "../../components/form/form-text-field";
import { SeoPanel } from "../../components/seo-panel";
import type { ArticleFormValues } from "./article-form-values";
import { EditorPanel } from "./editor-panel";

/** Meta title and description, with the SEO score recomputed as the writer types. */
export function SeoFieldsPanel() {
  const { control } = useFormContext<ArticleFormValues, unknown, ArticleInputParsed>();
  const [title, excerpt, metaTitle, metaDescription] = useWatch({
    control,
    name: ["title", "excerpt", "metaTitle", "metaDescription"],
  });
  return (
    <EditorPanel title="SEO">
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
    </EditorPanel>
  );
}
