import {
  aiContentTypes,
  aiLengths,
  aiLengthWords,
  aiTones,
  type CampaignTemplate,
  postingFrequencies,
  riskLevels,
} from "@aurumwire/shared/campaigns";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormSelectField, valueOptions } from "../../components/form/form-select-field";
import { FormTextField } from "../../components/form/form-text-field";
import { formatCount } from "../../lib/numbers";
import { ArticleChooser } from "./article-chooser";
import type { DetailsValues } from "./campaign-wizard-parts";
import { PartnerChooser } from "./partner-chooser";

const lengthOptions = valueOptions(
  aiLengths,
  (length) => `${length} (${aiLengthWords[length].join("-")} words)`,
);

/** Fields side by side from a small screen up; on a phone one under the other. */
function FieldRow(props: { columns: 2 | 3; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: `repeat(${props.columns}, 1fr)` },
      }}
    >
      {props.children}
    </Box>
  );
}

/** Step 2 of the campaign wizard: the campaign's details. */
export function DetailsStep({
  form,
  values,
  template,
  isAiTemplate,
  partnerBase,
  enabled,
  partnerIds,
  setPartnerIds,
  articleIds,
  setArticleIds,
}: {
  form: UseFormReturn<DetailsValues>;
  values: DetailsValues;
  template: CampaignTemplate;
  isAiTemplate: boolean;
  partnerBase: string;
  enabled: boolean;
  partnerIds: number[];
  setPartnerIds: (ids: number[]) => void;
  articleIds: number[];
  setArticleIds: (ids: number[]) => void;
}) {
  const selectField = (name: keyof DetailsValues, label: string, values: readonly string[]) => (
    <FormSelectField
      name={name}
      control={form.control}
      label={label}
      options={valueOptions(values)}
      fullWidth
    />
  );

  // The label stays above the field: a date input always shows its dd/mm/yyyy pattern.
  const dateField = (name: "startDate" | "endDate", label: string) => (
    <FormTextField
      name={name}
      control={form.control}
      label={label}
      type="date"
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Campaign Details
      </Typography>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr" } }}>
        <Box sx={{ display: "grid", gap: 2 }}>
          <FormTextField name="name" control={form.control} label="Campaign Name" required />
          <FormTextField
            name="description"
            control={form.control}
            label="Description"
            multiline
            minRows={2}
          />
          <FieldRow columns={3}>
            <FormTextField
              name="budget"
              control={form.control}
              label="Budget (USD)"
              hint="Whole dollars"
              inputMode="numeric"
            />
            {dateField("startDate", "Start date")}
            {dateField("endDate", "End date")}
          </FieldRow>
          <FieldRow columns={2}>
            {selectField("postingFrequency", "Posting frequency", postingFrequencies)}
            {selectField("riskLevel", "Risk level", riskLevels)}
          </FieldRow>
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
              <FieldRow columns={3}>
                {selectField("contentType", "Content type", aiContentTypes)}
                {selectField("tone", "Tone", aiTones)}
                <FormSelectField
                  name="targetLength"
                  control={form.control}
                  label="Length"
                  options={lengthOptions}
                />
              </FieldRow>
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
                base={partnerBase}
                enabled={enabled}
                value={partnerIds}
                onChange={setPartnerIds}
              />
              <ArticleChooser
                base={partnerBase}
                enabled={enabled}
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
            Estimated reach: {formatCount(template.estimatedReach)}
          </Typography>
          <Typography variant="body2">Content types: {template.contentTypes.join(", ")}</Typography>
          <Typography variant="body2">Platforms: {template.platforms.join(", ")}</Typography>
        </Paper>
      </Box>
    </Box>
  );
}
