import type { ContactMessage, ContactStatus } from "@aurumwire/shared/contact";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useContactMessages, useSetMessageStatus } from "../../api/contact";
import { useFeedback } from "../../components/feedback";
import { PageHeading } from "../../components/page-heading";
import { formatDateTime } from "../../lib/dates";
import { errorText } from "../../lib/error-text";

type View = "inbox" | "archived";

function MessageCard({
  message,
  onStatus,
  busy,
}: {
  message: ContactMessage;
  onStatus: (status: ContactStatus) => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 2,
        borderLeft: 4,
        borderLeftColor: message.status === "new" ? "primary.main" : "divider",
      }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ flex: 1, minWidth: 200, fontSize: "1.05rem" }}
        >
          {message.subject}
        </Typography>
        {message.status === "new" && <Chip size="small" color="primary" label="New" />}
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(message.createdAt)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
        {message.mailedAt ? " · forwarded by e-mail" : ""}
      </Typography>
      {open && (
        <Typography sx={{ whiteSpace: "pre-wrap", mb: 1 }} data-testid="message-body">
          {message.message}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap" }}>
        <Button
          size="small"
          onClick={() => {
            setOpen(!open);
            if (!open && message.status === "new") onStatus("read");
          }}
        >
          {open ? "Hide" : "Read"}
        </Button>
        {message.status === "archived" ? (
          <Button size="small" disabled={busy} onClick={() => onStatus("read")}>
            Move to Inbox
          </Button>
        ) : (
          <Button size="small" disabled={busy} onClick={() => onStatus("archived")}>
            Archive
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Messages (admins; decision 123): what readers sent through the contact form. */
export function MessagesScreen() {
  const [view, setView] = useState<View>("inbox");
  const [page, setPage] = useState(1);
  const list = useContactMessages({ page, limit: 20, status: view });
  const setStatus = useSetMessageStatus();
  const feedback = useFeedback();
  const data = list.data;

  async function changeStatus(id: number, status: ContactStatus) {
    try {
      await setStatus.mutateAsync({ id, status });
      if (status === "archived") feedback.show("success", "Message archived");
    } catch (caught) {
      feedback.show("error", errorText("Failed to update the message", caught));
    }
  }

  return (
    <Box>
      <PageHeading title="Messages" subtitle="Sent through the contact form." />
      {data && (!data.mailConfigured || !data.contactEmail) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Messages are kept here only: they are not forwarded by e-mail because{" "}
          {data.mailConfigured ? "CONTACT_EMAIL is not set" : "e-mail is not configured (SMTP_URL)"}
          .
        </Alert>
      )}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load messages
        </Alert>
      )}
      <Tabs
        value={view}
        onChange={(_event, next: View) => {
          setView(next);
          setPage(1);
        }}
        sx={{ mb: 2 }}
      >
        <Tab value="inbox" label={`Inbox${data ? ` (${data.counts.new} new)` : ""}`} />
        <Tab value="archived" label="Archived" />
      </Tabs>
      {list.isPending && <Typography>Loading messages...</Typography>}
      {data && data.messages.length === 0 && <Typography>No messages.</Typography>}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {data?.messages.map((message) => (
          <MessageCard
            key={message.id}
            message={message}
            busy={setStatus.isPending}
            onStatus={(status) => changeStatus(message.id, status)}
          />
        ))}
      </Stack>
      {data && data.pagination.totalPages > 1 && (
        <Stack direction="row" sx={{ gap: 1, mt: 2, alignItems: "center" }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Typography>
            Page {page} of {data.pagination.totalPages}
          </Typography>
          <Button disabled={page >= data.pagination.totalPages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Stack>
      )}
      {feedback.element}
    </Box>
  );
}
