import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useRouteLoaderData } from "react-router";
import {
  partnerBase,
  useCampaigns,
  useCampaignTemplates,
  useCompliance,
  useIntegrationStatus,
  useTestConnection,
} from "../../api/campaigns";
import { useFeedback } from "../../components/feedback";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatArticleDate, formatDateTime } from "../../lib/dates";
import { errorMessage } from "../../lib/error-text";
import { formatCount } from "../../lib/numbers";
import { CampaignWizard } from "./campaign-wizard";
import { ComplianceSummary } from "./compliance-card";
import { PartnerConnections } from "./partner-connections";

/** Spec point 4: active green, draft grey, anything else yellow. */
export function campaignStatusColor(status: string) {
  return status === "active" ? "success" : status === "draft" ? "default" : "warning";
}

export function useSiteName() {
  return useRouteLoaderData<{ siteName?: string }>("root")?.siteName ?? "AurumWire";
}

/** Cryptocurrency Media Campaigns (/dashboard/campaigns; spec points 2, 4 and 8; decision 113). */
export function CampaignsDashboard() {
  const siteName = useSiteName();
  const base = partnerBase(siteName);
  const product = base.slice(1);
  const { user } = useAuth();
  const navigate = useNavigate();
  const status = useIntegrationStatus(base);
  const compliance = useCompliance(base);
  const campaigns = useCampaigns();
  const templates = useCampaignTemplates();
  const test = useTestConnection(base);
  const feedback = useFeedback();
  const [wizardOpen, setWizardOpen] = useState(false);

  if (status.isLoading || compliance.isLoading || campaigns.isLoading) {
    return <Typography sx={{ py: 4 }}>Loading campaign dashboard...</Typography>;
  }
  const list = campaigns.data ?? [];
  const integration = status.data?.integration;

  const runTest = async () => {
    try {
      const result = await test.mutateAsync(undefined);
      feedback.show(result.ok ? "success" : "error", result.message);
    } catch (caught) {
      feedback.show("error", errorMessage(caught, "Connection test failed"));
    }
  };

  return (
    <Box>
      <PageHeading
        title="Cryptocurrency Media Campaigns"
        subtitle="Syndicate articles to the partner news platform within its publishing rule."
      />
      {integration && !integration.configured && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          The partner integration is not configured. Configure the partner credentials and check the
          API credentials in settings
          {user?.role === "admin" ? " (Partner connections below)" : " (ask an admin)"}.
        </Alert>
      )}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", md: "1fr 1fr 1fr" },
          mb: 4,
        }}
      >
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Partner integration
            </Typography>
            <Chip
              size="small"
              sx={{ mb: 1 }}
              label={
                integration?.status === "connected"
                  ? "Connected"
                  : integration?.status === "error"
                    ? "Connection failed"
                    : integration?.status === "unchecked"
                      ? "Not tested"
                      : "Not configured"
              }
              color={
                integration?.status === "connected"
                  ? "success"
                  : integration?.status === "error"
                    ? "error"
                    : "warning"
              }
            />
            {integration?.partner && (
              <Typography variant="body2">
                {integration.partner.name} ({integration.partner.kind})
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {integration?.message}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Last checked:{" "}
              {status.data?.lastChecked ? formatDateTime(status.data.lastChecked) : "never"}
            </Typography>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Partner compliance
            </Typography>
            {compliance.data && <ComplianceSummary compliance={compliance.data} />}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent sx={{ display: "grid", gap: 1 }}>
            <Typography variant="h6" component="h2">
              Quick actions
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setWizardOpen(true)}>
              Create Crypto Campaign
            </Button>
            <Button
              variant="outlined"
              onClick={async () => {
                const result = await compliance.refetch();
                if (result.data) {
                  feedback.show(
                    result.data.remaining > 0 ? "success" : "info",
                    result.data.remaining > 0
                      ? `Compliant: ${result.data.remaining} of ${result.data.complianceRule.maxArticles} articles left in this window`
                      : "Rate Limited: Daily limit reached. Next posting window starts tomorrow.",
                  );
                }
              }}
            >
              Check Compliance
            </Button>
            <Button variant="outlined" onClick={runTest} disabled={test.isPending}>
              {test.isPending ? "Testing Connection..." : "Test Connection"}
            </Button>
            <Button
              variant="outlined"
              href={dashboardPaths.createArticle}
              target="_blank"
              rel="noopener"
            >
              Write New Article
            </Button>
            <Button variant="outlined" component={RouterLink} to={dashboardPaths.syndicationLog}>
              Syndication Log
            </Button>
          </CardContent>
        </Card>
      </Box>

      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Active Campaigns
      </Typography>
      <ManagementTable
        label="Campaigns"
        columns={[
          { label: "Campaign" },
          { label: "Template" },
          { label: "Status" },
          { label: "Budget", align: "right" },
          { label: "Articles" },
          { label: "Created" },
        ]}
        loading={{ active: false, text: "" }}
        empty={{
          active: list.length === 0,
          text: (
            <Box>
              <Typography sx={{ mb: 1 }}>No campaigns yet</Typography>
              <Button variant="contained" onClick={() => setWizardOpen(true)}>
                Create Your First Campaign
              </Button>
            </Box>
          ),
        }}
      >
        {list.map((campaign) => (
          <TableRow key={campaign.id}>
            <TableCell>
              <Link component={RouterLink} to={`${dashboardPaths.campaigns}/${campaign.id}`}>
                {campaign.name}
              </Link>
            </TableCell>
            <TableCell>{campaign.template.name}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={campaign.status}
                color={campaignStatusColor(campaign.status)}
              />
            </TableCell>
            <TableCell align="right">${formatCount(campaign.budget.amount)}</TableCell>
            <TableCell>
              {campaign.counts.sent} sent · {campaign.counts.queued} queued
              {campaign.counts.failed ? ` · ${campaign.counts.failed} failed` : ""}
            </TableCell>
            <TableCell>{formatArticleDate(campaign.createdAt)}</TableCell>
          </TableRow>
        ))}
      </ManagementTable>

      {user?.role === "admin" && <PartnerConnections base={base} />}

      <CampaignWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        templates={templates.data ?? []}
        status={status.data}
        product={product}
        maxArticles={compliance.data?.complianceRule.maxArticles ?? 3}
        partnerBase={base}
        onCreated={(id) => navigate(`${dashboardPaths.campaigns}/${id}`)}
      />
      {feedback.element}
    </Box>
  );
}
