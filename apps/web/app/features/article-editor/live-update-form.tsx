import { type LiveUpdateInput, liveUpdateInputSchema } from "@aurumwire/shared/live-coverage";
import type { LiveUpdateView } from "@aurumwire/shared/realtime-events";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useSaveLiveUpdate } from "../../api/live-coverage";
import { uploadArticleImage } from "../../api/uploads";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { serverMessageOr } from "../../lib/error-text";
import { FeaturedImagePicker } from "./featured-image-picker";
import { RichTextEditor } from "./rich-text-editor";

interface LiveUpdateFormValues {
  content: string;
  image: string | null;
}

const resolver = schemaResolver<LiveUpdateFormValues, typeof liveUpdateInputSchema>(
  liveUpdateInputSchema,
);
const emptyForm: LiveUpdateFormValues = { content: "", image: null };

/**
 * Posts a live update, or corrects one (decision 236): a short rich text (the article editor's
 * Quill) and an optional image (the editor's image picker), checked by the shared schema and then
 * by the server (the article sanitizer; empty or unsafe HTML comes back as the field's message).
 */
export function LiveUpdateForm(props: {
  articleId: number;
  /** The update being corrected, or null for a new one. */
  editing: LiveUpdateView | null;
  onDone: (message: string) => void;
  onError: (message: string) => void;
}) {
  const { articleId, editing } = props;
  const save = useSaveLiveUpdate(articleId);
  // A new key remounts the editor with the form's content (a new update, a correction).
  const [editorKey, setEditorKey] = useState(0);
  const form = useForm<LiveUpdateFormValues, unknown, LiveUpdateInput>({
    defaultValues: editing ? { content: editing.content, image: editing.imageUrl } : emptyForm,
    resolver,
  });
  const { control, handleSubmit, setValue, setError, reset, formState, getValues } = form;

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ updateId: editing?.id, body });
      reset(emptyForm);
      setEditorKey((key) => key + 1);
      props.onDone(editing ? "Update corrected" : "Update posted");
    } catch (caught) {
      showServerFieldErrors(caught, setError, ["content", "image"]);
      props.onError(serverMessageOr("Failed to post the update. Please try again.", caught));
    }
  });

  const headingId = "live-update-form-heading";
  return (
    <Paper
      component="form"
      method="post"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {editing ? "Correct the update" : "Post an update"}
      </Typography>
      <Typography id="live-update-content-label" variant="subtitle1" component="p" sx={{ mb: 1 }}>
        Update
      </Typography>
      <Controller
        name="content"
        control={control}
        render={({ fieldState }) => (
          <Box data-testid="live-update-editor">
            <RichTextEditor
              key={`${editing?.id ?? "new"}-${editorKey}`}
              initialHtml={getValues("content")}
              height={180}
              placeholder="What just happened? A few sentences."
              labelledBy="live-update-content-label"
              invalid={!!fieldState.error}
              uploadImage={async (file) => (await uploadArticleImage(file, "inline")).url}
              onImageError={props.onError}
              onChange={(html, fromUser) => {
                if (fromUser) setValue("content", html, { shouldDirty: true });
              }}
            />
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </Box>
        )}
      />
      <Box sx={{ mt: 2, maxWidth: 480 }}>
        <Controller
          name="image"
          control={control}
          render={({ field, fieldState }) => (
            <>
              <FeaturedImagePicker
                label="Image (optional)"
                uploadOnly
                value={field.value}
                onChange={(url) => field.onChange(url)}
              />
              {fieldState.error ? (
                <FormHelperText error>{fieldState.error.message}</FormHelperText>
              ) : (
                <FormHelperText>
                  Readers who cannot see the image hear the update's first words: say in the update
                  what it shows.
                </FormHelperText>
              )}
            </>
          )}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {editing ? "Save correction" : "Post update"}
        </Button>
        {editing && (
          <Button onClick={() => props.onDone("")} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
