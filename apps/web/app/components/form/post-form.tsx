import Box from "@mui/material/Box";
import Button, { type ButtonProps } from "@mui/material/Button";
import type { SxProps, Theme } from "@mui/material/styles";
import type { FormEvent, ReactNode } from "react";

/**
 * The form kit's form: it posts (never a GET that puts names, messages or passwords into the
 * address and the server's log, issue 33), lays its fields out one under the other, and ends
 * with its submit button, which is disabled and says `busyLabel` while `busy`. Give `action` where
 * a post without JavaScript has somewhere to go other than the route's own action.
 * `card`: the sign-in card pages' large button across the form; else it keeps its own width.
 * `noValidate` where the shared schema checks the fields (react-hook-form with the kit), not the
 * browser.
 */
export function PostForm(props: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  busy: boolean;
  busyLabel?: ReactNode;
  /** Another reason the button waits: the two passwords differ, no code typed yet. */
  submitDisabled?: boolean;
  button?: Pick<ButtonProps, "variant" | "size">;
  card?: boolean;
  noValidate?: boolean;
  action?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
  /** After the submit button: another way out of the form ("Back to password"). */
  after?: ReactNode;
}) {
  const { busy, card, button } = props;
  const submit = (
    <Button
      type="submit"
      variant="contained"
      size={card ? "large" : undefined}
      {...button}
      disabled={busy || props.submitDisabled}
    >
      {busy && props.busyLabel !== undefined ? props.busyLabel : props.submitLabel}
    </Button>
  );
  return (
    <Box
      component="form"
      method="post"
      action={props.action}
      noValidate={props.noValidate}
      onSubmit={props.onSubmit}
      sx={[{ display: "grid", gap: 2 }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
    >
      {props.children}
      {card ? submit : <Box>{submit}</Box>}
      {props.after}
    </Box>
  );
}
