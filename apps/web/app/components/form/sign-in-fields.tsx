import TextField, { type TextFieldProps } from "@mui/material/TextField";

type SignInFieldProps = {
  value: string;
  /** The typed text, as it stands. */
  onChange: (text: string) => void;
} & Omit<TextFieldProps, "value" | "onChange" | "name" | "type" | "autoComplete" | "required">;

/** A required field whose text the screen keeps in its own state, as the sign-in forms do. */
function RequiredTextField(
  props: SignInFieldProps & Pick<TextFieldProps, "name" | "type" | "autoComplete">,
) {
  const { onChange, ...textFieldProps } = props;
  return (
    <TextField {...textFieldProps} required onChange={(event) => onChange(event.target.value)} />
  );
}

/**
 * The password of the account signing in (the login's password step, turning two-factor off):
 * `current-password`, so a password manager fills it in.
 */
export function CurrentPasswordField(props: SignInFieldProps) {
  return (
    <RequiredTextField
      label="Password"
      {...props}
      name="password"
      type="password"
      autoComplete="current-password"
    />
  );
}

/**
 * A two-factor code (the sign-in's code step, the enrolment's confirmation, turning two-factor
 * off): `one-time-code`, so a phone offers the code it just received or generated. Each screen
 * names it and says which codes it takes (`inputMode`, `maxLength`).
 */
export function OneTimeCodeField(props: SignInFieldProps & { label: string }) {
  return <RequiredTextField {...props} name="code" autoComplete="one-time-code" />;
}
