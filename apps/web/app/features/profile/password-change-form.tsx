import { profileUpdateSchema } from "@aurumwire/shared/users";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useUpdateProfile } from "../../api/profile";
import type { Notify } from "../../components/feedback";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";
import { confirmationMatches, NewPasswordFields } from "../../components/form/new-password-fields";
import { PostForm } from "../../components/form/post-form";
import { messageOf } from "../../lib/error-text";

/** The server's profile schema for the two passwords, and the confirmation that must match. */
const passwordChangeSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirm: z.string() })
  .refine(...confirmationMatches("newPassword"))
  .transform(
    ({ currentPassword, newPassword }): z.input<typeof profileUpdateSchema> => ({
      currentPassword,
      newPassword,
    }),
  )
  .pipe(profileUpdateSchema);

const blank = { currentPassword: "", newPassword: "", confirm: "" };

/** Change Password: the current one, the new one twice; the button waits until the two match. */
export function PasswordChangeForm(props: { notify: Notify }) {
  const update = useUpdateProfile();
  const form = useForm({ defaultValues: blank, resolver: schemaResolver(passwordChangeSchema) });
  const [newPassword, confirm] = form.watch(["newPassword", "confirm"]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      props.notify("success", "Password changed successfully");
      form.reset(blank);
    } catch (caught) {
      showServerFieldErrors(caught, form.setError, ["currentPassword", "newPassword"]);
      props.notify("error", messageOf(caught, "Failed to save profile"));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Change Password
      </Typography>
      <Divider sx={{ mb: 2 }} />
      <PostForm
        onSubmit={submit}
        noValidate
        button={{ variant: "outlined" }}
        busy={form.formState.isSubmitting}
        submitDisabled={!newPassword || newPassword !== confirm}
        submitLabel="Change Password"
      >
        <FormTextField
          name="currentPassword"
          control={form.control}
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields name="newPassword" control={form.control} />
      </PostForm>
    </Paper>
  );
}
