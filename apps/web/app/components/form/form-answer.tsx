import Alert from "@mui/material/Alert";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

/** What a submit came to, for a page that says it in place (see FormAnswer). */
export type FormOutcome = { severity: "success" | "error"; text: string } | null;

/**
 * The answer of a sign-in card page's form (login, register, set-up, the password reset pages, the
 * code step), in the card above the form rather than in the snackbar (decision 309): the last
 * submit's outcome, else the message of the route's action, which answers a post made without
 * JavaScript. A refusal is an alert; a success is a status that stays while the page shows it.
 */
export function FormAnswer(props: {
  /** The last submit's outcome; `error` is the short form of a refusal. */
  outcome?: FormOutcome;
  error?: string | null;
  actionError?: string | null;
  /** After the text: what the reader can do about it (a link). */
  children?: ReactNode;
  /** Inside a form's grid, whose gap spaces it: `{ mb: 0 }`. */
  sx?: SxProps<Theme>;
}) {
  const error = props.error ?? props.actionError;
  const shown = props.outcome ?? (error ? { severity: "error" as const, text: error } : null);
  if (!shown) return null;
  return (
    <Alert
      severity={shown.severity}
      sx={[{ mb: 2 }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
      role={shown.severity === "error" ? "alert" : "status"}
    >
      {shown.text}
      {props.children}
    </Alert>
  );
}
