import {
  type aiContentTypes,
  type aiLengths,
  type aiTones,
  type CampaignDraft,
  type CampaignTemplate,
  campaignDefaults,
  defaultAudiences,
  defaultDisclaimers,
  mediaAiTemplateId,
  parseBudget,
  type riskLevels,
} from "@aurumwire/shared/campaigns";
import type { IntegrationStatus } from "@aurumwire/shared/partners";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
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
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useCreateCampaign } from "../../api/campaigns";
import { errorMessage } from "../../lib/error-text";
import { formatCount } from "../../lib/numbers";
import { DetailsStep } from "./campaign-wizard-details";
import {
  categoryIcons,
  complianceColor,
  complianceLabel,
  type DetailsValues,
  defaultValues,
  firstWithMore,
  IntegrationBanner,
  isoDay,
} from "./campaign-wizard-parts";
import { ReviewStep } from "./campaign-wizard-review";

export { IntegrationBanner } from "./campaign-wizard-parts";

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
                          Estimated reach: {formatCount(candidate.estimatedReach)}
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
          <DetailsStep
            form={form}
            values={values}
            template={template}
            isAiTemplate={isAiTemplate}
            partnerBase={props.partnerBase}
            enabled={props.open && step >= 2}
            partnerIds={partnerIds}
            setPartnerIds={setPartnerIds}
            articleIds={articleIds}
            setArticleIds={setArticleIds}
          />
        )}

        {step === 3 && template && (
          <ReviewStep
            values={values}
            template={template}
            articleIds={articleIds}
            partnerIds={partnerIds}
            partnerBase={props.partnerBase}
            status={props.status}
            ruleText={ruleText}
            maxArticles={props.maxArticles}
            error={error}
          />
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
