import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { ReactNode } from "react";

/** A yes/no question before something that cannot be undone (spec point 8 confirmations). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** What the way out says: "Cancel" unless that word names the action itself. */
  cancelLabel?: string;
  /** Red for what destroys or ends something; "primary" for a step forward such as a launch. */
  tone?: "danger" | "primary";
  busy?: boolean;
  /** Extra fields (e.g. where a deleted category's articles go). */
  children?: ReactNode;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const {
    open,
    title,
    message,
    confirmLabel = "Delete",
    cancelLabel = "Cancel",
    tone = "danger",
    busy,
    children,
    onConfirm,
    onCancel,
  } = props;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          color={tone === "danger" ? "error" : "primary"}
          variant="contained"
          disabled={busy || props.confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
