import type { ArticleInputParsed } from "@aurumwire/shared/articles";
import { htmlTextLength } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useFormContext, useWatch } from "react-hook-form";
import { uploadArticleImage } from "../../api/uploads";
import { FormTextField } from "../../components/form/form-text-field";
import type { ArticleFormValues } from "./article-form-values";
import { RichTextEditor } from "./rich-text-editor";

/** Spec point 9: the article form's editor is 600 px high. */
const articleEditorHeight = 600;

/** The article itself: title, excerpt and the rich-text body. */
export function ContentPanel(props: {
  /** A new key remounts the editor with the form's content (after a load or a restore). */
  editorKey: number;
  /** The content was restored from a local draft: Quill's tidying of it is still an edit. */
  keepContentDirty?: boolean;
  onImageError: (message: string) => void;
}) {
  const { control, formState, getValues, resetField, setValue } = useFormContext<
    ArticleFormValues,
    unknown,
    ArticleInputParsed
  >();
  const { errors } = formState;
  // useWatch, not watch: a keystroke re-renders this panel, not the whole form (decision 301).
  const content = useWatch({ control, name: "content" });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={3}>
        <FormTextField
          name="title"
          control={control}
          label="Title"
          required
          fullWidth
          hint="A clear headline, 10 to 200 characters"
          maxLength={limits.titleMax}
        />
        <FormTextField
          name="excerpt"
          control={control}
          label="Excerpt"
          required
          fullWidth
          multiline
          minRows={3}
          hint="A short summary shown in lists, 50 to 500 characters"
          maxLength={limits.excerptMax}
        />
        <Box>
          <Typography
            id="article-content-label"
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700 }}
          >
            Article Content *
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Tip: Use the toolbar to format your content. You can add images, videos, links, and
            more!
          </Typography>
          <RichTextEditor
            key={props.editorKey}
            initialHtml={getValues("content")}
            height={articleEditorHeight}
            placeholder="Start writing your article..."
            labelledBy="article-content-label"
            invalid={!!errors.content}
            onChange={(html, fromUser) => {
              if (fromUser || props.keepContentDirty) {
                setValue("content", html, {
                  shouldDirty: true,
                  shouldValidate: formState.isSubmitted,
                });
              } else {
                // Quill tidies the stored HTML when it loads; that is not an edit.
                resetField("content", { defaultValue: html });
              }
            }}
            uploadImage={async (file) => (await uploadArticleImage(file, "inline")).url}
            onImageError={props.onImageError}
          />
          <FormHelperText error={!!errors.content} sx={{ mt: 1 }}>
            {errors.content?.message ?? `${htmlTextLength(content)} characters of text`}
          </FormHelperText>
        </Box>
      </Stack>
    </Paper>
  );
}
