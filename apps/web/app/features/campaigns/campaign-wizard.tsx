import {
  aiContentTypes,
  aiLengths,
  aiLengthWords,
  aiTones,
  type CampaignCategory,
  type CampaignDraft,
  type CampaignTemplate,
  campaignDefaults,
  defaultAudiences,
  defaultDisclaimers,
  mediaAiTemplateId,
  parseBudget,
  postingFrequencies,
  riskLevels,
} from "@aurumwire/shared/campaigns";
import type { IntegrationStatus } from "@aurumwire/shared/partners";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import CurrencyBitcoinIcon from "@mui/icons-material/CurrencyBitcoin";
import EmojiEmotionsIcon from "@mui/icons-material/EmojiEmotions";
import PaletteIcon from "@mui/icons-material/Palette";
import SchoolIcon from "@mui/icons-material/School";
import ShowChartIcon from "@mui/icons-material/ShowChart";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { FormTextField } from "../../components/form/form-text-field";
import { errorMessage } from "../../lib/error-text";
import { ArticleChooser } from "./article-chooser";
import { useCreateCampaign } from "./campaigns-api";
import { ChosenPartners, PartnerChooser } from "./partner-chooser";

const categoryIcons: Record<CampaignCategory, ReactNode> = {
  defi: <AccountBalanceIcon />,
  nft: <PaletteIcon />,
  meme: <EmojiEmotionsIcon />,
  altcoin: <ShowChartIcon />,
  bitcoin: <CurrencyBitcoinIcon />,
  general: <SchoolIcon />,
};

/** Spec point 3: anything other than premium or enhanced is shown as standard. */
function complianceLabel(level: string) {
  return level === "premium" || level === "enhanced" ? level : "standard";
}
const complianceColor = { premium: "warning", enhanced: "info", standard: "default" } as const;

function firstWithMore(items: string[], shown: number) {
  const rest = items.length - shown;
  return `${items.slice(0, shown).join(", ")}${rest > 0 ? ` +${rest}` : ""}`;
}

type DetailsValues = {
  name: string;
  description: string;
  budget: string;
  startDate: string;
  endDate: string;
  postingFrequency: string;
  riskLevel: string;
  partnerEnabled: boolean;
  hashtags: string;
  messageToPortray: string;
  contentType: string;
  tone: string;
  targetLength: string;
};

const dayInput = (date: Date) => date.toISOString().slice(0, 10);

function defaultValues(): DetailsValues {
  const start = new Date();
  const end = new Date(start.getTime() + campaignDefaults.lengthDays * 86_400_000);
  return {
    name: "",
    description: "",
    budget: String(campaignDefaults.budget),
    startDate: dayInput(start),
    endDate: dayInput(end),
    postingFrequency: campaignDefaults.postingFrequency,
    riskLevel: campaignDefaults.riskLevel,
    partnerEnabled: true,
    hashtags: "",
    messageToPortray: "",
    contentType: campaignDefaults.aiContent.contentType,
    tone: campaignDefaults.aiContent.tone,
    targetLength: campaignDefaults.aiContent.targetLength,
  };
}

/** A date field's day as an ISO date-time (spec point 5: dates are sent as ISO strings). */
function isoDay(value: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function IntegrationBanner({
  status,
  ruleText,
}: {
  status: IntegrationStatus | undefined;
  ruleText: string;
}) {
  if (!status) return null;
  if (!status.integration.configured) {
    return (
      <Alert severity="warning">
        Partner integration is not configured. Configure the partner credentials, and check the API
        credentials in settings (Partner connections below). Campaigns can still be created as
        drafts.
      </Alert>
    );
  }
  return (
    <Alert severity={status.integration.connected ? "success" : "info"}>
      Articles are syndicated to {status.integration.partner?.name}. {ruleText}
    </Alert>
  );
}

/**
 * The campaign wizard (spec points 2, 4, 5 and 9): step 1 template, 2 details, 3 review, success
 * at 5; the indicator counts 1-4.
 */
export function CampaignWizard(props: {
  open: boolean;
  onClose: () => void;
  templates: CampaignTemplate[];
  status: IntegrationStatus | undefined;
  product: string;
  maxArticles: number;
  partnerBase: string;
  onCreated: (campaignId: number) => void;
}) {
  const [step, setStep] = useState<1 | 2 | 3 | 5>(1);
  const [template, setTemplate] = useState<CampaignTemplate | null>(null);
  const [articleIds, setArticleIds] = useState<number[]>([]);
  const [partnerIds, setPartnerIds] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const create = useCreateCampaign();
  const fullScreen = useMediaQuery("(max-width:600px)");
  const form = useForm<DetailsValues>({ defaultValues: defaultValues() });
  const values = useWatch({ control: form.control }) as DetailsValues;
  const isAiTemplate = template?.id === mediaAiTemplateId(props.product);
  const canReview = !!values.name?.trim() && (!isAiTemplate || !!values.messageToPortray?.trim());
  const ruleText = `The partner accepts at most ${props.maxArticles} new articles per 24 hours; the rest are queued and sent when the window opens.`;

  const reset = () => {
    setStep(1);
    setTemplate(null);
    setArticleIds([]);
    setPartnerIds([]);
    setError(null);
    setCreatedId(null);
    form.reset(defaultValues());
  };

  const close = () => {
    props.onClose();
    if (step === 5) reset();
  };

  const draft = (): CampaignDraft => {
    const audience = defaultAudiences[template?.category ?? "general"];
    return {
      partnerIds: values.partnerEnabled ? partnerIds : [],
      name: values.name.trim(),
      description: values.description.trim(),
      template: template?.id ?? "",
      budget: { amount: parseBudget(values.budget), allocation: campaignDefaults.allocation },
      schedule: {
        startDate: isoDay(values.startDate),
        endDate: isoDay(values.endDate),
        postingFrequency: values.postingFrequency,
      },
      targetAudience: { ...audience, platforms: template?.platforms ?? [] },
      compliance: {
        [`${props.product}Enabled`]: values.partnerEnabled,
        riskLevel: values.riskLevel as (typeof riskLevels)[number],
        disclaimers: defaultDisclaimers,
      },
      content: {
        articles: values.partnerEnabled ? articleIds : [],
        contentThemes: template?.contentTypes ?? [],
        hashtags: values.hashtags
          .split(/[\s,]+/)
          .map((tag) => tag.trim())
          .filter(Boolean),
        aiContent: {
          messageToPortray: values.messageToPortray.trim(),
          contentType: values.contentType as (typeof aiContentTypes)[number],
          tone: values.tone as (typeof aiTones)[number],
          targetLength: values.targetLength as (typeof aiLengths)[number],
        },
      },
      status: "draft",
    };
  };

  const submit = async () => {
    if (!template) {
      setError("Please choose a campaign template");
      return;
    }
    setError(null);
    try {
      const created = await create.mutateAsync(draft());
      setCreatedId(created.campaign.id);
      setStep(5);
    } catch (caught) {
      setError(errorMessage(caught, "Failed to create campaign"));
    }
  };

  const activeStep = step === 5 ? 4 : step - 1;
  const selectField = (name: keyof DetailsValues, label: string, options: readonly string[]) => (
    <FormTextField name={name} control={form.control} label={label} select fullWidth>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </FormTextField>
  );

  return (
    <Dialog open={props.open} onClose={close} maxWidth="lg" fullWidth fullScreen={fullScreen}>
      <DialogTitle>Create Crypto Campaign</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={activeStep} alternativeLabel sx={{ mb: 3 }}>
          {["Template", "Details", "Review", "Launch"].map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {step === 1 && (
          <Box>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              Choose Your Cryptocurrency Campaign Template
            </Typography>
            <Box sx={{ mb: 2 }}>
              <IntegrationBanner status={props.status} ruleText={ruleText} />
            </Box>
            <Box
              sx={{
                display: "grid",
                gap: 2,
                gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "1fr 1fr 1fr" },
              }}
            >
              {props.templates.map((candidate) => {
                const level = complianceLabel(candidate.complianceLevel);
                return (
                  <Card key={candidate.id} variant="outlined">
                    <CardActionArea
                      onClick={() => {
                        setTemplate(candidate);
                        setStep(2);
                      }}
                      sx={{ height: "100%", alignItems: "flex-start" }}
                    >
                      <CardContent>
                        <Box sx={{ display: "flex", justifyContent: "space-between", mb: 1 }}>
                          <Box sx={{ color: "primary.main" }}>
                            {categoryIcons[candidate.category]}
                          </Box>
                          <Chip
                            size="small"
                            label={level}
                            color={complianceColor[level]}
                            variant="outlined"
                          />
                        </Box>
                        <Typography variant="h6" component="h3">
                          {candidate.name}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                          {candidate.description}
                        </Typography>
                        <Typography variant="body2">Duration: {candidate.duration}</Typography>
                        <Typography variant="body2">
                          Estimated reach: {candidate.estimatedReach.toLocaleString("en-US")}
                        </Typography>
                        <Typography variant="body2">
                          Platforms: {firstWithMore(candidate.platforms, 3)}
                        </Typography>
                        <Typography variant="body2">
                          Features: {firstWithMore(candidate.features, 2)}
                        </Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                );
              })}
            </Box>
          </Box>
        )}

        {step === 2 && template && (
          <Box>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              Campaign Details
            </Typography>
            <Box
              sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" } }}
            >
              <Box sx={{ display: "grid", gap: 2 }}>
                <FormTextField name="name" control={form.control} label="Campaign Name" required />
                <FormTextField
                  name="description"
                  control={form.control}
                  label="Description"
                  multiline
                  minRows={2}
                />
                <Box
                  sx={{
                    display: "grid",
                    gap: 2,
                    gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr" },
                  }}
                >
                  <FormTextField
                    name="budget"
                    control={form.control}
                    label="Budget (USD)"
                    hint="Whole dollars"
                    inputMode="numeric"
                  />
                  <FormTextField
                    name="startDate"
                    control={form.control}
                    label="Start date"
                    type="date"
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <FormTextField
                    name="endDate"
                    control={form.control}
                    label="End date"
                    type="date"
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Box>
                <Box
                  sx={{
                    display: "grid",
                    gap: 2,
                    gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" },
                  }}
                >
                  {selectField("postingFrequency", "Posting frequency", postingFrequencies)}
                  {selectField("riskLevel", "Risk level", riskLevels)}
                </Box>
                <FormTextField
                  name="hashtags"
                  control={form.control}
                  label="Hashtags"
                  hint="Separated by spaces or commas"
                />
                {isAiTemplate && (
                  <Paper variant="outlined" sx={{ p: 2, display: "grid", gap: 2 }}>
                    <Typography variant="subtitle1">AI content</Typography>
                    <FormTextField
                      name="messageToPortray"
                      control={form.control}
                      label="Message to Portray to Audience *"
                      multiline
                      minRows={2}
                      hint={
                        values.messageToPortray?.trim()
                          ? undefined
                          : "Required for the AI campaign: what should every draft get across?"
                      }
                    />
                    <Box
                      sx={{
                        display: "grid",
                        gap: 2,
                        gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr" },
                      }}
                    >
                      {selectField("contentType", "Content type", aiContentTypes)}
                      {selectField("tone", "Tone", aiTones)}
                      <FormTextField
                        name="targetLength"
                        control={form.control}
                        label="Length"
                        select
                      >
                        {aiLengths.map((length) => (
                          <MenuItem key={length} value={length}>
                            {length} ({aiLengthWords[length].join("-")} words)
                          </MenuItem>
                        ))}
                      </FormTextField>
                    </Box>
                  </Paper>
                )}
                <FormControlLabel
                  control={
                    <Switch
                      checked={values.partnerEnabled}
                      onChange={(event) => form.setValue("partnerEnabled", event.target.checked)}
                    />
                  }
                  label="Syndicate to the partner platform"
                />
                {values.partnerEnabled && (
                  <Paper variant="outlined" sx={{ p: 2 }}>
                    <PartnerChooser
                      base={props.partnerBase}
                      enabled={props.open && step >= 2}
                      value={partnerIds}
                      onChange={setPartnerIds}
                    />
                    <ArticleChooser
                      base={props.partnerBase}
                      enabled={props.open && step >= 2}
                      value={articleIds}
                      onChange={setArticleIds}
                      when="They are sent when you launch the campaign."
                    />
                  </Paper>
                )}
              </Box>
              <Paper variant="outlined" sx={{ p: 2, alignSelf: "start" }}>
                <Typography variant="subtitle1" sx={{ mb: 1 }}>
                  {template.name}
                </Typography>
                <Typography variant="body2">Category: {template.category}</Typography>
                <Typography variant="body2">
                  Estimated reach: {template.estimatedReach.toLocaleString("en-US")}
                </Typography>
                <Typography variant="body2">
                  Content types: {template.contentTypes.join(", ")}
                </Typography>
                <Typography variant="body2">Platforms: {template.platforms.join(", ")}</Typography>
              </Paper>
            </Box>
          </Box>
        )}

        {step === 3 && template && (
          <Box sx={{ display: "grid", gap: 2 }}>
            <Typography variant="h5" component="h2">
              Review Your Campaign
            </Typography>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h3">
                {values.name}
              </Typography>
              {values.description && (
                <Typography color="text.secondary">{values.description}</Typography>
              )}
              <Typography variant="body2" sx={{ mt: 1 }}>
                Template: {template.name} · Budget: $
                {parseBudget(values.budget).toLocaleString("en-US")} ·{" "}
                {values.startDate || "no start"} to {values.endDate || "no end"} · Risk:{" "}
                {values.riskLevel}
              </Typography>
              <Typography variant="body2">
                Articles to syndicate:{" "}
                {values.partnerEnabled ? articleIds.length : "syndication off"}
              </Typography>
            </Paper>
            {values.partnerEnabled && partnerIds.length > 0 ? (
              <ChosenPartners base={props.partnerBase} ids={partnerIds} />
            ) : (
              <IntegrationBanner status={props.status} ruleText={ruleText} />
            )}
            {values.partnerEnabled &&
              !partnerIds.length &&
              articleIds.length > props.maxArticles && (
                <Alert severity="info">
                  {articleIds.length} articles: {props.maxArticles} can go out at once, the others
                  are queued and sent as the compliance window allows.
                </Alert>
              )}
            <Alert severity="warning">
              Risk disclaimer: every article carries "Not financial advice. Do your own research
              (DYOR)." Cryptocurrency investments are volatile.
            </Alert>
            <Box>
              <Typography variant="subtitle1">Target platforms</Typography>
              <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                {template.platforms.map((platform) => (
                  <Chip key={platform} label={platform} size="small" />
                ))}
              </Box>
            </Box>
            {error && <Alert severity="error">{error}</Alert>}
          </Box>
        )}

        {step === 5 && (
          <Box sx={{ textAlign: "center", py: 2 }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              Campaign Created Successfully!
            </Typography>
            <List sx={{ maxWidth: 520, mx: "auto" }}>
              {[
                "Review the campaign settings",
                "Create and schedule the first articles",
                "Monitor partner compliance",
                "Track performance",
              ].map((text) => (
                <ListItem key={text}>
                  <ListItemIcon>
                    <AutoAwesomeIcon color="primary" />
                  </ListItemIcon>
                  <ListItemText primary={text} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        {step === 1 && <Button onClick={close}>Cancel</Button>}
        {step === 2 && (
          <>
            <Button onClick={() => setStep(1)}>Back to Templates</Button>
            <Button variant="contained" disabled={!canReview} onClick={() => setStep(3)}>
              Continue to Review
            </Button>
          </>
        )}
        {step === 3 && (
          <>
            <Button onClick={() => setStep(2)} disabled={create.isPending}>
              Back to Details
            </Button>
            <Button variant="contained" onClick={submit} disabled={create.isPending}>
              {create.isPending ? "Creating Campaign..." : "Create Campaign"}
            </Button>
          </>
        )}
        {step === 5 && (
          <>
            <Button onClick={close}>Close</Button>
            {createdId && (
              <Button
                onClick={() => {
                  props.onCreated(createdId);
                }}
              >
                Open Campaign
              </Button>
            )}
            <Button variant="contained" onClick={reset}>
              Create Another Campaign
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
