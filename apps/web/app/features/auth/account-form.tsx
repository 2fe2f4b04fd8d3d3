import type { RegisterRequest } from "@aurumwire/shared/users";
import Box from "@mui/material/Box";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAnswer } from "../../components/form/form-answer";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";
import { PostForm } from "../../components/form/post-form";
import { messageOf } from "../../lib/error-text";

type AccountValues = RegisterRequest;
const emptyAccount: AccountValues = { firstName: "", lastName: "", email: "", password: "" };

/**
 * The new-account form of /register and /setup: names, e-mail and password checked by the
 * screen's shared schema, the server's field messages on their fields, and its message above.
 * It posts (no secret in the URL) and submits through `onSubmit` when scripts run.
 */
export function AccountForm(props: {
  schema: z.ZodType<AccountValues, AccountValues>;
  passwordHint: string;
  submitLabel: string;
  busyLabel: string;
  /** What to say when the failure carries no message of its own. */
  failure: string;
  /** A message from the page's action (a post made without scripts). */
  actionError?: string | null;
  onSubmit: (account: AccountValues) => Promise<void>;
}) {
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    defaultValues: emptyAccount,
    resolver: schemaResolver(props.schema),
  });

  const submit = handleSubmit(async (parsed) => {
    setSubmitError(null);
    try {
      await props.onSubmit(parsed);
    } catch (caught) {
      showServerFieldErrors(caught, setError, Object.keys(emptyAccount));
      setSubmitError(messageOf(caught, props.failure));
    }
  });

  const field = (name: keyof AccountValues, label: string, type: string, autoComplete: string) => (
    <FormTextField
      name={name}
      control={control}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required
      hint={name === "password" ? props.passwordHint : undefined}
    />
  );

  return (
    <>
      <FormAnswer error={submitError} actionError={props.actionError} />
      <PostForm
        onSubmit={submit}
        noValidate
        card
        busy={formState.isSubmitting}
        submitLabel={props.submitLabel}
        busyLabel={props.busyLabel}
      >
        <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 2 }}>
          {field("firstName", "First name", "text", "given-name")}
          {field("lastName", "Last name", "text", "family-name")}
        </Box>
        {field("email", "Email", "email", "email")}
        {field("password", "Password", "password", "new-password")}
      </PostForm>
    </>
  );
}
