import { limits } from "@aurumwire/shared/limits";
import {
  type ManagedUser,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from "@aurumwire/shared/user-management";
import Alert from "@mui/material/Alert";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useResetPassword } from "../../api/users";
import { FormDialog } from "../../components/form/form-dialog";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { errorMessage } from "../../lib/error-text";

type ResetForm = z.input<typeof resetPasswordFormSchema>;

/**
 * An admin sets a new password for an account (spec point 5); its open sessions end. The button
 * stays disabled until both fields match and the password has the minimum length, and a mismatch
 * shows as soon as the confirmation differs (registered fields, read as they are typed).
 */
export function ResetPasswordDialog({
  user,
  onClose,
  onDone,
}: {
  user: ManagedUser | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetForm, unknown, ResetPasswordForm>({
    resolver: schemaResolver(resetPasswordFormSchema),
    defaultValues: { new_password: "", confirm_password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [password, confirm] = form.watch(["new_password", "confirm_password"]);
  const mismatch = confirm.length > 0 && password !== confirm;
  // Spec point 5: the button stays disabled until both match and the password has the minimum.
  const tooShort = password.length < limits.passwordMin;

  useEffect(() => {
    if (user) {
      form.reset({ new_password: "", confirm_password: "" });
      setFailure(null);
    }
  }, [user, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!user) return;
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ id: user.id, body: { new_password: values.new_password } });
      onDone();
    } catch (caught) {
      showServerFieldErrors(caught, form.setError, ["new_password"]);
      setFailure(errorMessage(caught, "Failed to reset password"));
    }
  });

  return (
    <FormDialog
      open={!!user}
      title="Reset Password"
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      submitLabel="Reset Password"
      busyLabel="Resetting..."
      submitDisabled={tooShort || password !== confirm}
      maxWidth="xs"
    >
      {user && (
        <Typography color="text.secondary">
          Set a new password for {user.email}. Their open sessions will end.
        </Typography>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        {...form.register("new_password")}
        error={!!errors.new_password}
        helperText={errors.new_password?.message ?? `At least ${limits.passwordMin} characters`}
      />
      <TextField
        label="Confirm password"
        type="password"
        required
        autoComplete="new-password"
        {...form.register("confirm_password")}
        error={mismatch || !!errors.confirm_password}
        helperText={mismatch ? "Passwords do not match" : errors.confirm_password?.message}
      />
    </FormDialog>
  );
}
