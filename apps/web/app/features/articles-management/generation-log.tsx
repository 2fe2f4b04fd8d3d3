import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { useGenerationLog } from "../../api/ai-writer";
import { ManagementTable } from "../../components/management-table";
import { formatDateTime } from "../../lib/dates";

const outcomeLabels: Record<string, string> = {
  running: "Running",
  succeeded: "Written",
  failed: "Failed",
  cancelled: "Cancelled",
  timed_out: "Timed out",
};

/** The last generations: who asked, when, provider and model, tokens, time, outcome, draft. */
export function GenerationLog() {
  const log = useGenerationLog();
  const rows = log.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Generation log
      </Typography>
      {/* The one management table: fits its box, one card per row on a phone. */}
      <ManagementTable
        label="Generation log"
        dense
        columns={[
          { label: "When" },
          { label: "Who" },
          { label: "Topic" },
          { label: "Model" },
          { label: "Tokens in / out", align: "right" },
          { label: "Time", align: "right" },
          { label: "Outcome" },
          { label: "Draft" },
        ]}
        loading={{ active: false, text: "" }}
        empty={{ active: false, text: "" }}
      >
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(row.createdAt)}</TableCell>
            <TableCell>
              {row.user.firstName} {row.user.lastName}
            </TableCell>
            <TableCell sx={{ maxWidth: 280 }}>{row.topic}</TableCell>
            <TableCell>
              {row.model} ({row.provider})
            </TableCell>
            <TableCell align="right">
              {row.tokensIn} / {row.tokensOut}
            </TableCell>
            <TableCell align="right">{(row.durationMs / 1000).toFixed(1)} s</TableCell>
            <TableCell>
              {outcomeLabels[row.outcome] ?? row.outcome}
              {row.errorCode ? ` (${row.errorCode})` : ""}
            </TableCell>
            <TableCell>
              {row.articleId ? (
                <Link component={RouterLink} to={`/dashboard/articles/${row.articleId}/edit`}>
                  Open
                </Link>
              ) : (
                "-"
              )}
            </TableCell>
          </TableRow>
        ))}
      </ManagementTable>
    </Box>
  );
}
