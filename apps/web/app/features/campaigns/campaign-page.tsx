import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import {
  partnerBase,
  useAddCampaignArticles,
  useCampaign,
  useCampaignAction,
  useCampaignAiDraft,
} from "../../api/campaigns";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api-client";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatArticleDate } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";
import { formatCount } from "../../lib/numbers";
import { ArticleChooser } from "./article-chooser";
import { BackToCampaigns, SectionHeader } from "./campaign-screen-parts";
import { campaignStatusColor, useSiteName } from "./campaigns-dashboard";
import { PushActions, PushCells, pushColumns } from "./push-rows";

/**
 * What launching does, asked the way Cancel Campaign asks (issue 32): how many articles leave for
 * which partners, and that the rule may queue some.
 */
function launchQuestion(pushes: { status: string; partnerName: string }[]) {
  const waiting = pushes.filter((push) => push.status === "held").length;
  const partners = [...new Set(pushes.map((push) => push.partnerName))].join(", ") || "the partner";
  if (waiting === 0) {
    return `No articles are waiting yet. Articles you add after the launch go to ${partners} as each partner's compliance rule allows.`;
  }
  const articles = waiting === 1 ? "1 article goes" : `${waiting} articles go`;
  return `${articles} to ${partners} now, as far as each partner's compliance rule allows; the rest are queued and sent when the window opens. Sent articles appear on the partner's site.`;
}

/** One campaign: its articles with their state, and pause, resume, cancel (decision 113). */
export function CampaignPage({ id }: { id: number }) {
  const base = partnerBase(useSiteName());
  const detail = useCampaign(id);
  const action = useCampaignAction();
  const add = useAddCampaignArticles();
  const aiDraft = useCampaignAiDraft();
  const feedback = useFeedback();
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [cancelling, setCancelling] = useState(false);
  const [launching, setLaunching] = useState(false);

  if (detail.isLoading) return <Typography sx={{ py: 4 }}>Loading campaign...</Typography>;
  if (detail.error || !detail.data) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Box>
        <Alert severity="error" sx={{ mb: 2 }}>
          {missing ? "Campaign not found" : "Failed to load campaign"}
        </Alert>
        <BackToCampaigns />
      </Box>
    );
  }
  const { campaign, pushes, aiDrafts } = detail.data;
  const message = campaign.draft.content?.aiContent?.messageToPortray;
  const run = async (name: "launch" | "pause" | "resume" | "cancel", done: string) => {
    try {
      await action.mutateAsync({ id, action: name });
      feedback.show("success", done);
    } catch (caught) {
      feedback.show("error", errorMessage(caught, `Failed to ${name} campaign`));
    }
  };
  const open = campaign.status !== "cancelled" && campaign.status !== "completed";

  return (
    <Box>
      <BackToCampaigns spaced />
      <PageHeading title={campaign.name} subtitle={campaign.description || undefined} />
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 3, display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}
      >
        <Chip label={campaign.status} color={campaignStatusColor(campaign.status)} />
        <Typography variant="body2">Template: {campaign.template.name}</Typography>
        <Typography variant="body2">Budget: ${formatCount(campaign.budget.amount)}</Typography>
        <Typography variant="body2">
          {formatArticleDate(campaign.schedule.startDate)} to{" "}
          {formatArticleDate(campaign.schedule.endDate)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {campaign.status === "draft" && (
          <Button
            variant="contained"
            disabled={action.isPending}
            onClick={() => setLaunching(true)}
          >
            Launch Campaign
          </Button>
        )}
        {campaign.status === "active" && (
          <Button
            variant="outlined"
            disabled={action.isPending}
            onClick={() => run("pause", "Campaign paused")}
          >
            Pause
          </Button>
        )}
        {campaign.status === "paused" && (
          <Button
            variant="contained"
            disabled={action.isPending}
            onClick={() => run("resume", "Campaign resumed")}
          >
            Resume
          </Button>
        )}
        {open && (
          <Button color="error" disabled={action.isPending} onClick={() => setCancelling(true)}>
            Cancel Campaign
          </Button>
        )}
      </Paper>

      {message && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Box
            sx={{
              display: "flex",
              justifyContent: "space-between",
              alignItems: "center",
              gap: 2,
              flexWrap: "wrap",
            }}
          >
            <Box>
              <Typography variant="h6" component="h2">
                AI drafts
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Written by the AI writer from "{message}" ({campaign.draft.content.aiContent.tone},{" "}
                {campaign.draft.content.aiContent.targetLength}). Each draft waits for an editor to
                review and publish it; then add it to the campaign.
              </Typography>
            </Box>
            {open && (
              <Button
                variant="outlined"
                disabled={aiDraft.isPending}
                onClick={async () => {
                  try {
                    await aiDraft.mutateAsync(id);
                    feedback.show(
                      "success",
                      "AI draft written: review and publish it before it is sent",
                    );
                  } catch (caught) {
                    feedback.show("error", errorMessage(caught, "Failed to write an AI draft"));
                  }
                }}
              >
                {aiDraft.isPending ? "Writing Draft..." : "Write AI Draft"}
              </Button>
            )}
          </Box>
          {aiDrafts.map((draft) => (
            <Box
              key={draft.articleId}
              sx={{ display: "flex", gap: 1, alignItems: "center", mt: 1, flexWrap: "wrap" }}
            >
              <Chip
                size="small"
                label={draft.status === "published" ? "Published" : "Needs review"}
                color={draft.status === "published" ? "success" : "warning"}
              />
              <Link component={RouterLink} to={dashboardPaths.editArticle(draft.articleId)}>
                {draft.title}
              </Link>
            </Box>
          ))}
        </Paper>
      )}
      <SectionHeader
        title="Articles"
        action={
          open && (
            <Button variant="outlined" onClick={() => setPicking((value) => !value)}>
              {picking ? "Close" : "Add Articles"}
            </Button>
          )
        }
      />
      {picking && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <ArticleChooser
            base={base}
            enabled={picking}
            value={chosen}
            onChange={setChosen}
            when="A running campaign sends them within the partner's rule; a draft, at launch."
          />
          <Button
            variant="contained"
            sx={{ mt: 1 }}
            disabled={chosen.length === 0 || add.isPending}
            onClick={async () => {
              try {
                const result = await add.mutateAsync({ id, articleIds: chosen });
                const refused = result.articles.filter((article) => !article.success);
                feedback.show(
                  refused.length ? "error" : "success",
                  refused.length
                    ? refused.map((article) => article.error).join(" ")
                    : `${chosen.length} articles added`,
                );
                setChosen([]);
                setPicking(false);
              } catch (caught) {
                feedback.show("error", errorMessage(caught, "Failed to add articles"));
              }
            }}
          >
            Add to Campaign
          </Button>
        </Paper>
      )}
      <ManagementTable
        label="Campaign articles"
        dense
        columns={[...pushColumns, { label: "Attempts", align: "right" }, { label: "Actions" }]}
        loading={{ active: false, text: "" }}
        empty={{ active: pushes.length === 0, text: "No articles in this campaign yet" }}
      >
        {pushes.map((push) => (
          <TableRow key={push.id} data-testid={`push-${push.articleId}`}>
            <PushCells push={push} articleWidth={320} detailWidth={360} />
            <TableCell align="right">{push.attempts}</TableCell>
            <TableCell>
              <PushActions push={push} base={base} onDone={feedback.show} />
            </TableCell>
          </TableRow>
        ))}
      </ManagementTable>
      <ConfirmDialog
        open={launching}
        title="Launch campaign?"
        message={launchQuestion(pushes)}
        confirmLabel="Launch Campaign"
        cancelLabel="Not Yet"
        tone="primary"
        busy={action.isPending}
        onCancel={() => setLaunching(false)}
        onConfirm={async () => {
          setLaunching(false);
          await run("launch", "Campaign launched");
        }}
      />
      <ConfirmDialog
        open={cancelling}
        title="Cancel campaign?"
        message="Articles not sent yet are taken out of the queue. Articles already sent stay on the partner."
        confirmLabel="Cancel Campaign"
        cancelLabel="Keep Campaign"
        onCancel={() => setCancelling(false)}
        onConfirm={async () => {
          setCancelling(false);
          await run("cancel", "Campaign cancelled");
        }}
      />
      {feedback.element}
    </Box>
  );
}
