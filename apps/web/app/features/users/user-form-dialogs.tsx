import { limits } from "@aurumwire/shared/limits";
import { roles } from "@aurumwire/shared/roles";
import {
  avatarRules,
  createUserSchema,
  type ManagedUser,
  resetPasswordFormSchema,
  updateUserSchema,
} from "@aurumwire/shared/user-management";
import { userInitials } from "@aurumwire/shared/users";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../lib/api-client";
import { errorMessage } from "../../lib/error-text";
import { useCreateUser, useResetPassword, useUpdateUser, useUploadAvatar } from "./users-api";

export const roleLabels: Record<(typeof roles)[number], string> = {
  admin: "Admin",
  editor: "Editor",
  author: "Author",
  user: "User",
};

/** Server field errors land on the matching form fields; the sentence goes to the dialog. */
function applyServerErrors(
  caught: unknown,
  setError: (name: never, error: { message: string }) => void,
) {
  if (caught instanceof ApiError && caught.fields) {
    for (const [name, message] of Object.entries(caught.fields)) {
      setError(name as never, { message });
    }
  }
}

type CreateForm = z.input<typeof createUserSchema>;

export function CreateUserDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (user: ManagedUser) => void;
}) {
  const createUser = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateForm, unknown, z.output<typeof createUserSchema>>({
    resolver: zodResolver(createUserSchema),
    defaultValues: {
      email: "",
      password: "",
      first_name: "",
      last_name: "",
      role: "author",
      bio: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset();
      setFailure(null);
    }
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await createUser.mutateAsync(values));
    } catch (caught) {
      applyServerErrors(caught, form.setError as never);
      setFailure(errorMessage(caught, "Failed to create user"));
    }
  });

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} maxWidth="sm" fullWidth>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <DialogTitle>Create User</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="off"
            {...form.register("email")}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <TextField
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            {...form.register("password")}
            error={!!errors.password}
            helperText={errors.password?.message ?? "At least 6 characters"}
          />
          <Box sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" }, gap: 2 }}>
            <TextField
              label="First name"
              {...form.register("first_name")}
              error={!!errors.first_name}
              helperText={errors.first_name?.message}
            />
            <TextField
              label="Last name"
              {...form.register("last_name")}
              error={!!errors.last_name}
              helperText={errors.last_name?.message}
            />
          </Box>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <TextField select label="Role" {...field} value={field.value ?? "author"}>
                {roles.map((role) => (
                  <MenuItem key={role} value={role}>
                    {roleLabels[role]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Bio"
            multiline
            minRows={2}
            {...form.register("bio")}
            error={!!errors.bio}
            helperText={errors.bio?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? "Creating..." : "Create User"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type EditForm = z.input<typeof updateUserSchema>;

export function EditUserDialog({
  user,
  isSelf,
  onClose,
  onSaved,
}: {
  user: ManagedUser | null;
  isSelf: boolean;
  onClose: () => void;
  onSaved: (user: ManagedUser) => void;
}) {
  const updateUser = useUpdateUser();
  const uploadAvatar = useUploadAvatar();
  const [failure, setFailure] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<EditForm, unknown, z.output<typeof updateUserSchema>>({
    resolver: zodResolver(updateUserSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const avatarUrl = form.watch("avatar_url");

  useEffect(() => {
    if (user) {
      form.reset({
        first_name: user.first_name,
        last_name: user.last_name,
        role: user.role,
        is_active: user.is_active,
        bio: user.bio ?? "",
        avatar_url: user.avatar_url ?? "",
      });
      setFailure(null);
      setAvatarError(null);
    }
  }, [user, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!user) return;
    setFailure(null);
    try {
      onSaved(await updateUser.mutateAsync({ id: user.id, changes: values }));
    } catch (caught) {
      applyServerErrors(caught, form.setError as never);
      setFailure(errorMessage(caught, "Failed to update user"));
    }
  });

  const chooseAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || !user) return;
    setAvatarError(null);
    // Spec point 5: images only, under 5MB. The server checks the bytes again.
    if (!file.type.startsWith("image/")) {
      setAvatarError(avatarRules.notAnImage);
      return;
    }
    if (file.size >= avatarRules.maxBytes) {
      setAvatarError(avatarRules.tooLarge);
      return;
    }
    try {
      const updated = await uploadAvatar.mutateAsync({ id: user.id, file });
      form.setValue("avatar_url", updated.avatar_url ?? "", { shouldDirty: false });
    } catch (caught) {
      setAvatarError(errorMessage(caught, "Failed to update user"));
    }
  };

  return (
    <Dialog open={!!user} onClose={isSubmitting ? undefined : onClose} maxWidth="sm" fullWidth>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <DialogTitle>Edit User</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {user && (
            <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
              <Avatar
                src={avatarUrl || undefined}
                alt=""
                sx={{
                  width: 64,
                  height: 64,
                  bgcolor: "primary.main",
                  color: "primary.contrastText",
                }}
              >
                {userInitials({ firstName: user.first_name, lastName: user.last_name })}
              </Avatar>
              <Box>
                <Typography variant="subtitle1">{user.email}</Typography>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/*"
                  hidden
                  onChange={chooseAvatar}
                  aria-label="Avatar image file"
                />
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => fileInput.current?.click()}
                  disabled={uploadAvatar.isPending}
                  sx={{ mt: 0.5 }}
                >
                  {uploadAvatar.isPending ? "Uploading..." : "Upload Avatar"}
                </Button>
                <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                  JPEG, PNG, GIF or WebP, less than 5MB
                </Typography>
                {avatarError && (
                  <Typography
                    variant="caption"
                    color="error"
                    role="alert"
                    sx={{ display: "block" }}
                  >
                    {avatarError}
                  </Typography>
                )}
              </Box>
            </Box>
          )}
          <Box sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" }, gap: 2 }}>
            <TextField
              label="First name"
              {...form.register("first_name")}
              error={!!errors.first_name}
              helperText={errors.first_name?.message}
            />
            <TextField
              label="Last name"
              {...form.register("last_name")}
              error={!!errors.last_name}
              helperText={errors.last_name?.message}
            />
          </Box>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <TextField
                select
                label="Role"
                {...field}
                value={field.value ?? ""}
                disabled={isSelf}
                helperText={isSelf ? "You cannot change your own role" : undefined}
              >
                {roles.map((role) => (
                  <MenuItem key={role} value={role}>
                    {roleLabels[role]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="is_active"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={!!field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    disabled={isSelf}
                  />
                }
                label={field.value ? "Active" : "Inactive"}
              />
            )}
          />
          <TextField
            label="Bio"
            multiline
            minRows={2}
            {...form.register("bio")}
            error={!!errors.bio}
            helperText={errors.bio?.message}
          />
          <TextField
            label="Avatar URL"
            placeholder="https://..."
            {...form.register("avatar_url")}
            error={!!errors.avatar_url}
            helperText={errors.avatar_url?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Save Changes"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type ResetForm = z.input<typeof resetPasswordFormSchema>;

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
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordFormSchema),
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
      applyServerErrors(caught, form.setError as never);
      setFailure(errorMessage(caught, "Failed to reset password"));
    }
  });

  return (
    <Dialog open={!!user} onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <Box component="form" method="post" noValidate onSubmit={submit}>
        <DialogTitle>Reset Password</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting || tooShort || password !== confirm}
          >
            {isSubmitting ? "Resetting..." : "Reset Password"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
