import {
  type ReturnForChanges,
  returnForChangesSchema,
  reviewNoteMax,
} from "@aurumwire/shared/article-review";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useForm } from "react-hook-form";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";

const resolver = schemaResolver<ReturnForChanges, typeof returnForChangesSchema>(
  returnForChangesSchema,
);

/** An editor returns an article in review to its author with a note (decision 265). */
export function ReturnForChangesDialog(props: {
  open: boolean;
  articleTitle: string;
  onClose: () => void;
  onReturn: (note: string) => Promise<void>;
}) {
  const { open, articleTitle, onClose, onReturn } = props;
  const form = useForm<ReturnForChanges, unknown, ReturnForChanges>({
    defaultValues: { note: "" },
    resolver,
  });
  const { control, handleSubmit, reset, setError, formState } = form;
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit(async ({ note }) => {
    try {
      await onReturn(note);
      reset();
    } catch (caught) {
      showServerFieldErrors(caught, setError, ["note"]);
    }
  });
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form method="post" noValidate onSubmit={submit}>
        <DialogTitle>Return with a note</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            "{articleTitle}" goes back to its author as "Changes requested". They read your note in
            the editor and submit it again when it is ready.
          </DialogContentText>
          <FormTextField
            name="note"
            control={control}
            label="Note for the author"
            multiline
            minRows={4}
            fullWidth
            autoFocus
            maxLength={reviewNoteMax}
            hint="What should change before it can be published?"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? "Returning..." : "Return to author"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
