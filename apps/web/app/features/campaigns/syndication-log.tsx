import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { partnerBase, usePushes } from "../../api/campaigns";
import { useFeedback } from "../../components/feedback";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { formatDateTime } from "../../lib/dates";
import { BackToCampaigns } from "./campaign-screen-parts";
import { useSiteName } from "./campaigns-dashboard";
import { PushActions, PushCells, pushColumns } from "./push-rows";

/** Every push to every partner, campaign or not, with what can be done about it (decision 173). */
export function SyndicationLog() {
  const base = partnerBase(useSiteName());
  const pushes = usePushes(base);
  const feedback = useFeedback();
  const rows = pushes.data ?? [];
  return (
    <Box>
      <BackToCampaigns spaced />
      <PageHeading
        title="Syndication Log"
        subtitle="Every article sent to a partner: where it is, what went wrong, and what can be done."
      />
      {pushes.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load the syndication log
        </Alert>
      )}
      <ManagementTable
        label="Syndication log"
        dense
        columns={[...pushColumns, { label: "When" }, { label: "Actions" }]}
        loading={{ active: pushes.isLoading, text: "Loading syndication log..." }}
        empty={{
          active: !pushes.isLoading && rows.length === 0,
          text: "Nothing sent to a partner yet",
        }}
      >
        {rows.map((push) => (
          <TableRow key={push.id} data-testid={`log-push-${push.id}`}>
            <PushCells push={push} articleWidth={280} detailWidth={340} />
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              {formatDateTime(push.sentAt ?? push.slotAt ?? push.createdAt)}
            </TableCell>
            <TableCell>
              <PushActions push={push} base={base} onDone={feedback.show} />
            </TableCell>
          </TableRow>
        ))}
      </ManagementTable>
      {feedback.element}
    </Box>
  );
}
