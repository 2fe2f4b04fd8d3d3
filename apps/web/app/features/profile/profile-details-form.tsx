import { type PublicUser, profileUpdateSchema, userInitials } from "@aurumwire/shared/users";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useUpdateProfile } from "../../api/profile";
import type { Notify } from "../../components/feedback";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormTextField } from "../../components/form/form-text-field";
import { PostForm } from "../../components/form/post-form";
import { messageOf } from "../../lib/error-text";

type DetailsValues = { firstName: string; lastName: string; bio: string; avatar: string };
const fields = ["firstName", "lastName", "bio", "avatar"] as const;

function valuesOf(user: PublicUser): DetailsValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio ?? "",
    avatar: user.avatar ?? "",
  };
}

/** The profile card: the account's picture, name, e-mail and role, and its editable details. */
export function ProfileDetailsForm(props: { user: PublicUser; notify: Notify }) {
  const { user, notify } = props;
  const update = useUpdateProfile();
  const form = useForm({
    defaultValues: valuesOf(user),
    resolver: schemaResolver(profileUpdateSchema),
  });
  const avatar = form.watch("avatar");

  useEffect(() => {
    form.reset(valuesOf(user));
  }, [user, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notify("success", "Profile updated successfully");
    } catch (caught) {
      showServerFieldErrors(caught, form.setError, fields);
      notify("error", messageOf(caught, "Failed to save profile"));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 3 }}>
        <Avatar
          src={avatar || undefined}
          sx={{
            width: 64,
            height: 64,
            bgcolor: "primary.main",
            color: "primary.contrastText",
            fontWeight: 800,
          }}
        >
          {userInitials(user)}
        </Avatar>
        {/* A long name or e-mail wraps inside the card instead of widening the page at 390 px. */}
        <Box sx={{ minWidth: 0, flex: "1 1 auto", overflowWrap: "anywhere" }}>
          <Typography variant="h6" component="h2">
            {user.firstName} {user.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Chip
          label={user.role.toUpperCase()}
          size="small"
          sx={{ ml: "auto", fontWeight: 700, flexShrink: 0 }}
          color={user.role === "admin" ? "error" : "primary"}
        />
      </Box>
      <PostForm
        onSubmit={submit}
        noValidate
        busy={form.formState.isSubmitting}
        submitLabel="Save Profile"
      >
        <Box sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" }, gap: 2 }}>
          <FormTextField name="firstName" control={form.control} label="First name" required />
          <FormTextField name="lastName" control={form.control} label="Last name" required />
        </Box>
        <FormTextField name="bio" control={form.control} label="Bio" multiline minRows={3} />
        <FormTextField
          name="avatar"
          control={form.control}
          label="Avatar URL"
          placeholder="https://..."
        />
      </PostForm>
    </Paper>
  );
}
