import { forgotPasswordRequestSchema, resetPasswordRequestSchema } from "@aurumwire/shared/users";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { z } from "zod";
import { requestPasswordReset, resetPassword } from "../../api/auth";
import { FormAnswer, type FormOutcome } from "../../components/form/form-answer";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";
import { confirmationMatches, NewPasswordFields } from "../../components/form/new-password-fields";
import { PostForm } from "../../components/form/post-form";
import { ApiError } from "../../lib/api-client";
import { messageOf } from "../../lib/error-text";

/** /forgot-password (decision 201): the address; the same answer whether or not it has an account. */
export function ForgotPasswordForm(props: { actionError?: string | null }) {
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    defaultValues: { email: "" },
    resolver: schemaResolver(forgotPasswordRequestSchema),
  });
  const submit = handleSubmit((body) =>
    postForOutcome(
      () => requestPasswordReset(body),
      setOutcome,
      (caught) => showServerFieldErrors(caught, setError, ["email"]),
    ),
  );
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Enter the e-mail address of your account. We will send you a link to choose a new password.
      </Typography>
      <FormAnswer outcome={outcome} actionError={props.actionError} />
      <PostForm
        onSubmit={submit}
        noValidate
        card
        busy={formState.isSubmitting}
        submitLabel="Send reset link"
        busyLabel="Sending..."
      >
        <FormTextField
          name="email"
          control={control}
          label="Email"
          type="email"
          autoComplete="email"
          required
          autoFocus
        />
      </PostForm>
      <BackToLogin />
    </>
  );
}

const newPasswordSchema = z
  .object({ password: resetPasswordRequestSchema.shape.password, confirm: z.string() })
  .refine(...confirmationMatches("password"));

/** /reset-password?token=...: the new password, twice. */
export function ResetPasswordForm(props: { token: string; actionError?: string | null }) {
  // An empty token (a link cut short) is refused by the server with its own sentence.
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [done, setDone] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm({
    defaultValues: { password: "", confirm: "" },
    resolver: schemaResolver(newPasswordSchema),
  });
  const submit = handleSubmit(async ({ password }) => {
    const ok = await postForOutcome(
      () => resetPassword({ token: props.token, password }),
      setOutcome,
      (caught) => showServerFieldErrors(caught, setError, ["password"]),
    );
    if (ok) setDone(true);
  });
  return (
    <>
      <FormAnswer outcome={outcome} actionError={props.actionError}>
        {outcome?.severity === "error" && props.token && (
          <>
            {" "}
            <Link component={RouterLink} to="/forgot-password" color="inherit">
              Ask for a new link
            </Link>
          </>
        )}
      </FormAnswer>
      {done ? (
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          Sign in
        </Button>
      ) : (
        <PostForm
          onSubmit={submit}
          noValidate
          card
          busy={formState.isSubmitting}
          submitLabel="Set new password"
          busyLabel="Saving..."
        >
          <NewPasswordFields name="password" control={control} autoFocus />
        </PostForm>
      )}
      <BackToLogin />
    </>
  );
}

/** Sends a form; the server's sentence (or its refusal) becomes the outcome shown. */
async function postForOutcome(
  send: () => Promise<{ message: string }>,
  setOutcome: (outcome: FormOutcome) => void,
  onRefused: (caught: unknown) => void,
): Promise<boolean> {
  setOutcome(null);
  try {
    const answer = await send();
    setOutcome({ severity: "success", text: answer.message });
    return true;
  } catch (caught) {
    onRefused(caught);
    // The token is no field of the form: its message (a link cut short) is the one to show.
    const tokenProblem = caught instanceof ApiError ? caught.fields?.token : undefined;
    setOutcome({
      severity: "error",
      text: tokenProblem ?? messageOf(caught, "The request failed"),
    });
    return false;
  }
}

function BackToLogin() {
  return (
    <Typography variant="body2" sx={{ mt: 2, textAlign: "center" }} color="text.secondary">
      Remembered it?{" "}
      <Link component={RouterLink} to="/login">
        Back to login
      </Link>
    </Typography>
  );
}
