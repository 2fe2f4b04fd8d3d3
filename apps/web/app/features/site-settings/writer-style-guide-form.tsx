import {
  type WriterStyleGuideUpdate,
  writerStyleGuideMax,
  writerStyleGuideUpdateSchema,
} from "@aurumwire/shared/site-settings";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useUpdateWriterStyleGuide, useWriterStyleGuide } from "../../api/site-settings";
import { schemaResolver } from "../../components/form/form-kit";
import { SaveRow } from "./save-row";
import { useSettingsSave } from "./use-settings-save";

/** The AI writer's house style guide (decision 090): added to every prompt the writer sends. */
export function WriterStyleGuideForm() {
  const guide = useWriterStyleGuide();
  const update = useUpdateWriterStyleGuide();
  const { save, messages } = useSettingsSave();
  const form = useForm<WriterStyleGuideUpdate>({
    defaultValues: { styleGuide: "" },
    resolver: schemaResolver(writerStyleGuideUpdateSchema),
  });
  const { register, handleSubmit, reset, watch, formState } = form;

  useEffect(() => {
    if (guide.data) reset({ styleGuide: guide.data.styleGuide });
  }, [guide.data, reset]);

  const submit = handleSubmit((values) => save(() => update.mutateAsync(values)));

  const length = watch("styleGuide")?.length ?? 0;
  const updatedBy = guide.data?.updatedBy;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          AI Writer Style Guide
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          House rules the AI article generator follows in every draft: spelling, names, words to
          avoid, how to attribute sources.
        </Typography>
        {messages}
        <TextField
          label="Style guide"
          multiline
          minRows={5}
          fullWidth
          disabled={guide.isPending}
          {...register("styleGuide")}
          error={!!formState.errors.styleGuide}
          helperText={formState.errors.styleGuide?.message ?? `${length}/${writerStyleGuideMax}`}
        />
        <SaveRow updatedAt={guide.data?.updatedAt} updatedBy={updatedBy}>
          <Button type="submit" variant="contained" disabled={update.isPending || guide.isPending}>
            {update.isPending ? "Saving..." : "Save Style Guide"}
          </Button>
        </SaveRow>
      </Box>
    </Paper>
  );
}
