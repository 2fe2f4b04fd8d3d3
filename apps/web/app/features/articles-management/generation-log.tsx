import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { useGenerationLog } from "../../api/ai-writer";
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
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Generation log
      </Typography>
      <TableContainer sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="Generation log">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>Topic</TableCell>
              <TableCell>Model</TableCell>
              <TableCell align="right">Tokens in / out</TableCell>
              <TableCell align="right">Time</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Draft</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
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
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
