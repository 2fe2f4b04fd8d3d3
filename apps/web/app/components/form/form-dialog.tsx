import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { FormEventHandler, ReactNode } from "react";

/**
 * A dialog around one posted form: the title, the fields in a grid, Cancel and the submit button.
 * While the form is busy the dialog cannot be closed (Escape, backdrop and Cancel do nothing) and
 * the submit button shows its busy label. The fields (and any failure line) are the children.
 */
export function FormDialog(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Further reasons the submit button is off (it is always off while busy). */
  submitDisabled?: boolean;
  maxWidth?: "xs" | "sm";
  /** The space between fields, in theme units. */
  gap?: number;
  children: ReactNode;
}) {
  const { busy, onClose } = props;
  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : onClose}
      maxWidth={props.maxWidth ?? "sm"}
      fullWidth
    >
      <Box component="form" method="post" noValidate onSubmit={props.onSubmit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: props.gap ?? 2, pt: "8px !important" }}>
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || props.submitDisabled}>
            {busy ? props.busyLabel : props.submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
