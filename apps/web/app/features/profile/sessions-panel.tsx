import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEndOtherSessions, useEndSession, useSessions } from "../../api/sessions";
import type { Notify } from "../../components/feedback";
import { formatAge, formatDateTime } from "../../lib/dates";
import { messageOf } from "../../lib/error-text";

/**
 * Signed-in sessions (issue 31, decision 200): where this account is signed in, with "Sign out"
 * per session and "Sign out everywhere else". An ended session is refused at once by the server.
 */
export function SessionsPanel(props: { notify: Notify }) {
  const { notify } = props;
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const rows = sessions.data?.sessions ?? [];
  const others = rows.filter((session) => !session.current).length;
  const fail = (caught: unknown) =>
    notify("error", messageOf(caught, "The session could not be ended"));

  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3 }} component="section" aria-labelledby="sessions">
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" id="sessions" sx={{ mr: "auto" }}>
          Where you are signed in
        </Typography>
        <Button
          variant="outlined"
          color="warning"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) =>
                notify("success", `Signed out of ${ended} other session${ended === 1 ? "" : "s"}.`),
              onError: fail,
            })
          }
        >
          Sign out everywhere else
        </Button>
      </Box>
      <Divider />
      {sessions.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {sessions.error.message}
        </Alert>
      )}
      <List aria-label="Signed-in sessions">
        {rows.map((session) => (
          <ListItem
            key={session.id}
            divider
            sx={{ flexWrap: "wrap", gap: 1, px: 0 }}
            secondaryAction={
              session.current ? undefined : (
                <Button
                  size="small"
                  color="warning"
                  disabled={endSession.isPending}
                  aria-label={`Sign out ${session.device} at ${session.ipAddress}`}
                  onClick={() =>
                    endSession.mutate(session.id, {
                      onSuccess: () => notify("success", `Signed out ${session.device}.`),
                      onError: fail,
                    })
                  }
                >
                  Sign out
                </Button>
              )
            }
          >
            <ListItemText
              sx={{ pr: session.current ? 0 : 10 }}
              primary={
                <Box component="span" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                  {session.device}
                  {session.current && (
                    <Chip label="This device" size="small" color="primary" variant="outlined" />
                  )}
                </Box>
              }
              secondary={
                <>
                  {session.ipAddress || "Unknown address"} · last seen{" "}
                  <span title={formatDateTime(session.lastSeenAt)}>
                    {formatAge(session.lastSeenAt)}
                  </span>{" "}
                  · signed in {formatDateTime(session.createdAt)}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
