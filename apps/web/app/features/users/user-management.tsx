import { dateFormats, limits } from "@aurumwire/shared/limits";
import { type Role, roles } from "@aurumwire/shared/roles";
import type { ManagedUser } from "@aurumwire/shared/user-management";
import { userInitials } from "@aurumwire/shared/users";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import LockResetIcon from "@mui/icons-material/LockReset";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useDeactivateUser, useUpdateUser, useUsers } from "../../api/users";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { SearchField } from "../../components/form/search-field";
import { SelectField, type SelectOption } from "../../components/form/select-field";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { RowActionsMenu } from "../../components/row-actions-menu";
import { useAuth } from "../../lib/auth-context";
import { formatDisplayDate } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";
import { useDebouncedSearch } from "../../lib/use-debounced-search";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { roleLabels, UserFormDialog } from "./user-form-dialog";

/** Pending "are you sure" before a user loses access: the status switch or the delete action. */
type Confirmation = { user: ManagedUser; via: "toggle" | "delete" };

const roleChipColor: Record<Role, "error" | "primary" | "secondary" | "default"> = {
  admin: "error",
  editor: "primary",
  author: "secondary",
  user: "default",
};

const roleFilterOptions: SelectOption<Role | "">[] = [
  { value: "", label: "All roles" },
  ...roles.map((item) => ({ value: item, label: roleLabels[item] })),
];

const statusFilterOptions: SelectOption<"active" | "inactive" | "">[] = [
  { value: "", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

/** User Management (/dashboard/users, admin only): spec points 2, 3, 5 and 8. */
export function UserManagement() {
  const { user: me } = useAuth();
  const [role, setRole] = useState<Role | "">("");
  const [status, setStatus] = useState<"active" | "inactive" | "">("");
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(limits.defaultPageSize);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const feedback = useFeedback();

  // Search applies 500 ms after typing stops or on Enter, back on page 1.
  const {
    input: searchText,
    setInput: setSearchText,
    search,
    applyNow,
  } = useDebouncedSearch(() => setPage(0));

  const users = useUsers({
    page: page + 1,
    limit: rowsPerPage,
    search: search || undefined,
    role: role || undefined,
    status: status || undefined,
  });
  const updateUser = useUpdateUser();
  const deactivateUser = useDeactivateUser();

  const list = users.data?.users ?? [];
  const total = users.data?.pagination.total ?? 0;

  const setActive = async (target: ManagedUser, isActive: boolean) => {
    try {
      await updateUser.mutateAsync({ id: target.id, changes: { is_active: isActive } });
      feedback.show("success", `User ${isActive ? "activated" : "deactivated"} successfully`);
    } catch (caught) {
      feedback.show("error", errorMessage(caught, "Failed to update user status"));
    }
  };

  const confirm = async () => {
    if (!confirmation) return;
    const { user: target, via } = confirmation;
    if (via === "toggle") {
      await setActive(target, false);
    } else {
      try {
        await deactivateUser.mutateAsync(target.id);
        feedback.show("success", "User deactivated successfully");
      } catch (caught) {
        feedback.show("error", errorMessage(caught, "Failed to deactivate user"));
      }
    }
    setConfirmation(null);
  };

  return (
    <Box>
      <PageHeading
        title="User Management"
        subtitle="Create staff accounts, set roles and control who can sign in."
      >
        <Button
          sx={{ mt: 2 }}
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
        >
          Add User
        </Button>
      </PageHeading>

      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: "flex", flexWrap: "wrap", gap: 2 }}>
        <SearchField
          placeholder="Search by name or email"
          ariaLabel="Search users"
          value={searchText}
          onInput={setSearchText}
          onApply={applyNow}
          sx={{ flex: "1 1 260px" }}
        />
        <SelectField
          size="small"
          label="Role"
          value={role}
          onChange={(next) => {
            setRole(next);
            setPage(0);
          }}
          options={roleFilterOptions}
          sx={{ minWidth: 150 }}
        />
        <SelectField
          size="small"
          label="Status"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(0);
          }}
          options={statusFilterOptions}
          sx={{ minWidth: 150 }}
        />
      </Paper>

      {users.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(users.error, "Failed to fetch users")}
        </Alert>
      )}

      <ManagementTable
        label="Users"
        columns={[
          { label: "User" },
          { label: "Email" },
          { label: "Role" },
          { label: "Status" },
          { label: "Articles", align: "right" },
          { label: "API Keys", align: "right" },
          { label: "Joined" },
          { label: "Actions", align: "right" },
        ]}
        loading={{ active: users.isPending, text: "Loading users..." }}
        empty={{ active: list.length === 0, text: "No users found" }}
        pagination={{
          count: total,
          page,
          rowsPerPage,
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setRowsPerPage(next);
            setPage(0);
          },
        }}
      >
        {list.map((item) => {
          const isSelf = item.id === me?.id;
          const name = `${item.first_name} ${item.last_name}`.trim() || item.email;
          return (
            <TableRow key={item.id} hover>
              <TableCell>
                <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
                  <Avatar
                    src={item.avatar_url ?? undefined}
                    alt=""
                    sx={{
                      width: 36,
                      height: 36,
                      bgcolor: "primary.main",
                      color: "primary.contrastText",
                      fontSize: 14,
                      fontWeight: 700,
                    }}
                  >
                    {userInitials({ firstName: item.first_name, lastName: item.last_name })}
                  </Avatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      {name}
                      {isSelf && (
                        <Typography component="span" variant="caption" color="text.secondary">
                          {" "}
                          (you)
                        </Typography>
                      )}
                    </Typography>
                  </Box>
                </Box>
              </TableCell>
              <TableCell sx={{ overflowWrap: "anywhere", minWidth: 120 }}>{item.email}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={roleLabels[item.role]}
                  color={roleChipColor[item.role]}
                  variant={item.role === "user" ? "outlined" : "filled"}
                />
              </TableCell>
              <TableCell>
                <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
                  <Switch
                    size="small"
                    checked={item.is_active}
                    disabled={isSelf || updateUser.isPending}
                    onChange={(event) =>
                      event.target.checked
                        ? setActive(item, true)
                        : setConfirmation({ user: item, via: "toggle" })
                    }
                    slotProps={{
                      input: {
                        "aria-label": `${item.is_active ? "Deactivate" : "Activate"} ${name}`,
                      },
                    }}
                  />
                  <Chip
                    size="small"
                    label={item.is_active ? "Active" : "Inactive"}
                    color={item.is_active ? "success" : "default"}
                    variant="outlined"
                  />
                </Box>
              </TableCell>
              <TableCell align="right">{item.article_count}</TableCell>
              <TableCell align="right">{item.api_key_count}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                {formatDisplayDate(item.created_at, dateFormats.users)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                <Tooltip title="Edit user">
                  <IconButton aria-label={`Edit ${name}`} onClick={() => setEditing(item)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <RowActionsMenu
                  label={name}
                  actions={[
                    {
                      label: "Reset password",
                      icon: <LockResetIcon fontSize="small" />,
                      onClick: () => setResetting(item),
                    },
                    {
                      // Delete means deactivate (spec point 4); not for one's own account.
                      label: "Delete",
                      icon: <DeleteIcon fontSize="small" />,
                      color: "error",
                      disabled: isSelf || !item.is_active,
                      onClick: () => setConfirmation({ user: item, via: "delete" }),
                    },
                  ]}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </ManagementTable>

      <UserFormDialog
        mode="create"
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          feedback.show("success", "User created successfully");
        }}
      />
      <UserFormDialog
        mode="edit"
        user={editing}
        isSelf={editing?.id === me?.id}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          feedback.show("success", "User updated successfully");
        }}
      />
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onDone={() => {
          setResetting(null);
          feedback.show("success", "Password reset successfully");
        }}
      />
      <ConfirmDialog
        open={!!confirmation}
        title="Deactivate User"
        message={
          confirmation && (
            <>
              Are you sure you want to deactivate {confirmation.user.email}? They will be signed
              out, cannot log in and their API keys stop working until the account is activated
              again.
            </>
          )
        }
        confirmLabel="Deactivate"
        busy={updateUser.isPending || deactivateUser.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirmation(null)}
      />
      {feedback.element}
    </Box>
  );
}
