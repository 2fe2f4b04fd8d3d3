import { type SubscriberStatus, subscriberStatuses } from "@aurumwire/shared/newsletter";
import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import {
  downloadSubscribersCsv,
  useRemoveSubscriber,
  useSaveDigestHour,
  useSubscribers,
} from "../../api/admin-newsletter";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { formatDateTime } from "../../lib/dates";
import { errorText } from "../../lib/error-text";
import { useDebouncedSearch } from "../../lib/use-debounced-search";

const statusColor = { pending: "warning", confirmed: "success", unsubscribed: "default" } as const;
const hours = Array.from({ length: 24 }, (_unused, hour) => hour);

/** Subscribers (admins; decision 122): counts by state, search, remove, CSV export, digest hour. */
export function SubscribersScreen() {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const [status, setStatus] = useState<SubscriberStatus | "">("");
  const { input, setInput, search } = useDebouncedSearch(() => setPage(0));
  const list = useSubscribers({ page: page + 1, limit, search, status });
  const remove = useRemoveSubscriber();
  const saveHour = useSaveDigestHour();
  const feedback = useFeedback();
  const [removing, setRemoving] = useState<{ id: number; email: string } | null>(null);
  const [hour, setHour] = useState<number | null>(null);
  const data = list.data;
  useEffect(() => {
    if (data && hour === null) setHour(data.settings.digestHour);
  }, [data, hour]);

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      feedback.show("success", "Subscriber removed");
      setRemoving(null);
    } catch (caught) {
      feedback.show("error", errorText("Failed to remove subscriber", caught));
    }
  }

  return (
    <Box>
      <PageHeading title="Newsletter Subscribers" subtitle="The Daily Newsletter's readers." />
      {data && !data.mailConfigured && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          E-mail is not configured (SMTP_URL), so no confirmation or digest is sent. New
          subscriptions are kept as pending and get their confirmation once mail is set up.
        </Alert>
      )}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load subscribers
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 2, mb: 2, flexWrap: "wrap" }}>
        {subscriberStatuses.map((state) => (
          <Paper key={state} variant="outlined" sx={{ px: 2, py: 1.5, minWidth: 150 }}>
            <Typography variant="body2" color="text.secondary" sx={{ textTransform: "capitalize" }}>
              {state}
            </Typography>
            <Typography variant="h5" component="p" data-testid={`count-${state}`}>
              {data?.counts[state] ?? "-"}
            </Typography>
          </Paper>
        ))}
        <Paper
          variant="outlined"
          sx={{ px: 2, py: 1.5, display: "flex", gap: 1, alignItems: "center" }}
        >
          <TextField
            select
            size="small"
            label="Digest sent at (UTC)"
            value={hour ?? ""}
            onChange={(event) => setHour(Number(event.target.value))}
            sx={{ minWidth: 170 }}
          >
            {hours.map((value) => (
              <MenuItem key={value} value={value}>
                {String(value).padStart(2, "0")}:00
              </MenuItem>
            ))}
          </TextField>
          <Button
            disabled={hour === null || hour === data?.settings.digestHour || saveHour.isPending}
            onClick={async () => {
              try {
                await saveHour.mutateAsync(hour ?? 0);
                feedback.show("success", "Digest hour saved");
              } catch (caught) {
                feedback.show("error", errorText("Failed to save the digest hour", caught));
              }
            }}
          >
            Save
          </Button>
        </Paper>
      </Stack>
      <Stack direction="row" sx={{ gap: 2, mb: 2, flexWrap: "wrap", alignItems: "center" }}>
        <TextField
          size="small"
          label="Search by email"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          sx={{ minWidth: 260 }}
        />
        <TextField
          select
          size="small"
          label="State"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as SubscriberStatus | "");
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          {subscriberStatuses.map((state) => (
            <MenuItem key={state} value={state} sx={{ textTransform: "capitalize" }}>
              {state}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() =>
            downloadSubscribersCsv().catch(() =>
              feedback.show("error", "Failed to export subscribers"),
            )
          }
        >
          Export CSV
        </Button>
      </Stack>
      <ManagementTable
        label="Newsletter subscribers"
        columns={[
          { label: "Email" },
          { label: "State" },
          { label: "Subscribed" },
          { label: "Confirmed" },
          { label: "Last digest" },
          { label: "Actions", align: "right" },
        ]}
        loading={{ active: list.isPending, text: "Loading subscribers..." }}
        empty={{ active: !!data && data.subscribers.length === 0, text: "No subscribers found" }}
        pagination={{
          count: data?.pagination.total ?? 0,
          page,
          rowsPerPage: limit,
          rowsPerPageOptions: [20, 50, 100],
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setLimit(next);
            setPage(0);
          },
        }}
      >
        {data?.subscribers.map((subscriber) => (
          <TableRow key={subscriber.id}>
            <TableCell>{subscriber.email}</TableCell>
            <TableCell>
              <Chip size="small" label={subscriber.status} color={statusColor[subscriber.status]} />
            </TableCell>
            <TableCell>{formatDateTime(subscriber.createdAt)}</TableCell>
            <TableCell>
              {subscriber.confirmedAt ? formatDateTime(subscriber.confirmedAt) : "-"}
            </TableCell>
            <TableCell>{subscriber.lastDigestOn ?? "-"}</TableCell>
            <TableCell align="right">
              <IconButton
                aria-label={`Remove ${subscriber.email}`}
                onClick={() => setRemoving({ id: subscriber.id, email: subscriber.email })}
              >
                <DeleteIcon />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </ManagementTable>
      <ConfirmDialog
        open={removing !== null}
        title="Remove subscriber?"
        message={`${removing?.email ?? ""} will be deleted and get no more newsletters.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
      {feedback.element}
    </Box>
  );
}
