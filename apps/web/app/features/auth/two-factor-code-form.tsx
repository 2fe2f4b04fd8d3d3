import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { FormAnswer } from "../../components/form/form-answer";
import { PostForm } from "../../components/form/post-form";
import { OneTimeCodeField } from "../../components/form/sign-in-fields";
import { messageOf } from "../../lib/error-text";

/**
 * The code step of a sign-in with two-factor (decision 202): the six digits of the
 * authenticator app, or one of the recovery codes. The password step's challenge is kept by the
 * caller; "Back" returns to the password.
 */
export function TwoFactorCodeForm({
  onSubmit,
  onBack,
}: {
  onSubmit: (code: string) => Promise<void>;
  onBack: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await onSubmit(code.trim());
    } catch (caught) {
      setError(messageOf(caught, "Sign-in failed"));
      setCode("");
    } finally {
      setBusy(false);
    }
  };

  return (
    <PostForm
      onSubmit={submit}
      card
      busy={busy}
      submitDisabled={!code.trim()}
      submitLabel="Verify"
      busyLabel="Checking..."
      after={
        <Button variant="text" onClick={onBack} disabled={busy}>
          Back to password
        </Button>
      }
    >
      <Typography variant="h6" component="h2">
        Two-factor sign-in
      </Typography>
      <Typography variant="body2" color="text.secondary" id="two-factor-help">
        Enter the six-digit code your authenticator app shows for this site, or one of your recovery
        codes.
      </Typography>
      <FormAnswer error={error} sx={{ mb: 0 }} />
      <OneTimeCodeField
        label="Authentication code"
        value={code}
        onChange={setCode}
        autoFocus
        slotProps={{
          htmlInput: { inputMode: "text", maxLength: 40, "aria-describedby": "two-factor-help" },
        }}
      />
    </PostForm>
  );
}
