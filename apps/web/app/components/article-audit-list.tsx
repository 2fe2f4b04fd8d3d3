import { auditActionLabels } from "@aurumwire/shared/audit";
import Alert from "@mui/material/Alert";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useArticleAudit } from "../api/audit";
import { formatDateTime } from "../lib/dates";

/**
 * An article's audit entries (decision 203) beside its revisions: who published, scheduled,
 * unpublished, featured or restored it, and when.
 */
export function ArticleAuditList({ articleId, enabled }: { articleId: number; enabled: boolean }) {
  const entries = useArticleAudit(articleId, enabled);
  return (
    <section aria-labelledby="article-audit-title">
      <Typography variant="h6" component="h3" id="article-audit-title" sx={{ mt: 3, mb: 1 }}>
        Activity
      </Typography>
      {entries.isError && <Alert severity="error">{entries.error.message}</Alert>}
      {entries.isSuccess && entries.data.length === 0 && (
        <Typography color="text.secondary">
          Nothing recorded yet: publishing, scheduling, featuring and restores appear here.
        </Typography>
      )}
      <List disablePadding aria-label="Article activity">
        {entries.data?.map((entry) => (
          <ListItem key={entry.id} divider sx={{ px: 0 }}>
            <ListItemText
              primary={(auditActionLabels as Record<string, string>)[entry.action] ?? entry.action}
              secondary={`${formatDateTime(entry.at)} · ${entry.actor.name || "System"}${
                entry.ipAddress ? ` · ${entry.ipAddress}` : ""
              }`}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
