import { type Role, roles } from "@aurumwire/shared/roles";
import {
  type CreateUser,
  createUserSchema,
  type ManagedUser,
  type UpdateUser,
  updateUserSchema,
} from "@aurumwire/shared/user-management";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useCreateUser, useUpdateUser } from "../../api/users";
import { FormCheckboxField } from "../../components/form/form-checkbox-field";
import { FormDialog } from "../../components/form/form-dialog";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { FormSelectField } from "../../components/form/form-select-field";
import { FormTextField } from "../../components/form/form-text-field";
import { errorMessage } from "../../lib/error-text";
import { AvatarPicker } from "./avatar-picker";

export const roleLabels: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  author: "Author",
  user: "User",
};

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

/** What the dialog's fields hold; each mode sends its schema's part of it. */
type UserFormValues = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  role: Role;
  bio: string;
  is_active: boolean;
  avatar_url: string;
};

const createFields = ["email", "password", "first_name", "last_name", "role", "bio"] as const;
const editFields = ["first_name", "last_name", "role", "is_active", "bio", "avatar_url"] as const;

function pick(values: UserFormValues, fields: readonly (keyof UserFormValues)[]) {
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}

const resolvers = {
  create: schemaResolver(createUserSchema, (values: UserFormValues) => pick(values, createFields)),
  edit: schemaResolver(updateUserSchema, (values: UserFormValues) => pick(values, editFields)),
};

const blank: UserFormValues = {
  email: "",
  password: "",
  first_name: "",
  last_name: "",
  role: "author",
  bio: "",
  is_active: true,
  avatar_url: "",
};

function valuesOf(user: ManagedUser): UserFormValues {
  return {
    ...blank,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    is_active: user.is_active,
    bio: user.bio ?? "",
    avatar_url: user.avatar_url ?? "",
  };
}

/**
 * User Management's one user form (spec point 5), as "Create User" (e-mail, password, names, role,
 * bio) or "Edit User" (the avatar, names, role, Active, bio, avatar address) of `user`. An admin
 * cannot change their own role or deactivate themselves (`isSelf`). The server's field messages
 * land under the fields, its sentence at the top of the dialog.
 */
export function UserFormDialog(
  props: { onClose: () => void; onSaved: (user: ManagedUser) => void } & (
    | { mode: "create"; open: boolean }
    | { mode: "edit"; user: ManagedUser | null; isSelf: boolean }
  ),
) {
  const { mode, onClose, onSaved } = props;
  const user = props.mode === "edit" ? props.user : null;
  const open = props.mode === "edit" ? !!props.user : props.open;
  const isSelf = props.mode === "edit" && props.isSelf;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UserFormValues, unknown, CreateUser | UpdateUser>({
    resolver: resolvers[mode],
    defaultValues: blank,
  });
  const { isSubmitting } = form.formState;
  const avatarUrl = form.watch("avatar_url");

  useEffect(() => {
    if (!open) return;
    form.reset(user ? valuesOf(user) : blank);
    setFailure(null);
  }, [open, user, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if ("email" in values) onSaved(await createUser.mutateAsync(values));
      else if (user) onSaved(await updateUser.mutateAsync({ id: user.id, changes: values }));
    } catch (caught) {
      showServerFieldErrors(caught, form.setError, mode === "create" ? createFields : editFields);
      setFailure(
        errorMessage(caught, mode === "create" ? "Failed to create user" : "Failed to update user"),
      );
    }
  });

  const control = form.control;
  const names = (
    <Box sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" }, gap: 2 }}>
      <FormTextField name="first_name" control={control} label="First name" />
      <FormTextField name="last_name" control={control} label="Last name" />
    </Box>
  );
  const bio = <FormTextField name="bio" control={control} label="Bio" multiline minRows={2} />;

  return (
    <FormDialog
      open={open}
      title={mode === "create" ? "Create User" : "Edit User"}
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      submitLabel={mode === "create" ? "Create User" : "Save Changes"}
      busyLabel={mode === "create" ? "Creating..." : "Saving..."}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      {mode === "create" ? (
        <>
          <FormTextField
            name="email"
            control={control}
            label="Email"
            type="email"
            required
            autoComplete="off"
          />
          <FormTextField
            name="password"
            control={control}
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            hint="At least 6 characters"
          />
          {names}
          <FormSelectField name="role" control={control} label="Role" options={roleOptions} />
          {bio}
        </>
      ) : (
        <>
          {user && (
            <AvatarPicker
              user={user}
              avatarUrl={avatarUrl}
              onUploaded={(url) => form.setValue("avatar_url", url, { shouldDirty: false })}
            />
          )}
          {names}
          <FormSelectField
            name="role"
            control={control}
            label="Role"
            options={roleOptions}
            disabled={isSelf}
            hint={isSelf ? "You cannot change your own role" : undefined}
          />
          <FormCheckboxField
            name="is_active"
            control={control}
            toggle="switch"
            label={(checked) => (checked ? "Active" : "Inactive")}
            disabled={isSelf}
          />
          {bio}
          <FormTextField
            name="avatar_url"
            control={control}
            label="Avatar URL"
            placeholder="https://..."
          />
        </>
      )}
    </FormDialog>
  );
}
