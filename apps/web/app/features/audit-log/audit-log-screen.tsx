import { auditActionLabels, auditActions } from "@aurumwire/shared/audit";
import { staffRoles } from "@aurumwire/shared/roles";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useAuditLog, useAuditPeople } from "../../api/audit";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { formatDateTime } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";
import { describeChange } from "./describe-change";

const label = (action: string) => (auditActionLabels as Record<string, string>)[action] ?? action;

/**
 * The Audit Log (admins, issue 31, decision 203): who did what, when and from where, newest
 * first; filtered by person, action and dates. Entries cannot be changed or removed.
 */
export function AuditLogScreen() {
  const [actor, setActor] = useState<number | "">("");
  const [action, setAction] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(0);
  const log = useAuditLog({
    actor: actor || undefined,
    action: action || undefined,
    from: from || undefined,
    to: to || undefined,
    page: page + 1,
  });
  const staff = useAuditPeople();
  const people = (staff.data ?? []).filter((user) =>
    (staffRoles as readonly string[]).includes(user.role),
  );
  const entries = log.data?.entries ?? [];
  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <>
      <PageHeading
        title="Audit Log"
        subtitle="Every staff action that changes what readers see or who can do what, and refused security attempts. Entries cannot be changed or removed."
      />
      <Paper
        variant="outlined"
        component="form"
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
        sx={{ p: 2, mb: 2, display: "flex", flexWrap: "wrap", gap: 2 }}
      >
        <TextField
          select
          label="Person"
          value={actor}
          onChange={(event) => filterChanged(setActor)(Number(event.target.value) || "")}
          sx={{ minWidth: 200, flex: "1 1 200px" }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {people.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {person.first_name} {person.last_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Action"
          value={action}
          onChange={(event) => filterChanged(setAction)(event.target.value)}
          sx={{ minWidth: 220, flex: "1 1 220px" }}
        >
          <MenuItem value="">All actions</MenuItem>
          {auditActions.map((name) => (
            <MenuItem key={name} value={name}>
              {label(name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => filterChanged(setFrom)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: "1 1 150px" }}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => filterChanged(setTo)(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: "1 1 150px" }}
        />
      </Paper>
      {log.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(log.error, "Failed to load the audit log")}
        </Alert>
      )}
      <ManagementTable
        label="Audit log entries"
        columns={[
          { label: "When" },
          { label: "Who" },
          { label: "Action" },
          { label: "What" },
          { label: "Address" },
        ]}
        loading={{ active: log.isPending, text: "Loading the audit log..." }}
        empty={{ active: !log.isPending && entries.length === 0, text: "No entries match." }}
        pagination={{
          count: log.data?.pagination.total ?? 0,
          page,
          rowsPerPage: log.data?.pagination.limit ?? 25,
          rowsPerPageOptions: [log.data?.pagination.limit ?? 25],
          onPageChange: setPage,
          onRowsPerPageChange: () => setPage(0),
        }}
      >
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.at)}</TableCell>
            <TableCell>
              <span>
                {entry.actor.name || "Not signed in"}
                {entry.actor.role ? ` (${entry.actor.role})` : ""}
              </span>
            </TableCell>
            <TableCell>{label(entry.action)}</TableCell>
            <TableCell sx={{ wordBreak: "break-word" }}>
              {/* One block, so the narrow card layout keeps the lines together. */}
              <Box component="span" sx={{ display: "block" }}>
                {entry.summary}
                {entry.targetType && (
                  <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
                    {entry.targetType} {entry.targetId}
                  </Box>
                )}
                {describeChange(entry) && (
                  <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
                    {describeChange(entry)}
                  </Box>
                )}
              </Box>
            </TableCell>
            <TableCell>{entry.ipAddress || "-"}</TableCell>
          </TableRow>
        ))}
      </ManagementTable>
    </>
  );
}
