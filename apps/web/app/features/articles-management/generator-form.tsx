import {
  articleTypes,
  type GenerateArticleInput,
  type GenerateArticleInputParsed,
  type GenerationProgress,
  generatorAudiences,
  generatorLengths,
  generatorTones,
  generatorWordRanges,
} from "@aurumwire/shared/ai-writer";
import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import SearchIcon from "@mui/icons-material/Search";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type UseFormReturn, useFormState, useWatch } from "react-hook-form";
import { CategorySelect } from "../../components/category-select";
import { FormCheckboxField } from "../../components/form/form-checkbox-field";
import { FormSelectField, wordOptions } from "../../components/form/form-select-field";
import { TopicChips } from "./topic-chips";

export type GeneratorForm = Omit<GenerateArticleInput, "keywords" | "categoryId"> & {
  keywords: string;
};

const lengthOptions = wordOptions(generatorLengths).map((option) => {
  const range = generatorWordRanges[option.value as (typeof generatorLengths)[number]];
  return { ...option, label: `${option.label} (${range.min}-${range.max} words)` };
});

/** Article type, tone, length and target audience, in that order. */
const selectFields = [
  { name: "articleType", label: "Article type", options: wordOptions(articleTypes) },
  { name: "tone", label: "Tone", options: wordOptions(generatorTones) },
  { name: "length", label: "Length", options: lengthOptions },
  { name: "targetAudience", label: "Target audience", options: wordOptions(generatorAudiences) },
] as const;

/**
 * The generator's inputs (spec: topic, type, tone, length, audience, keywords, advanced options,
 * trending and quick topic chips). The category comes first: the chips follow it.
 */
export function GeneratorFormPanel(props: {
  form: UseFormReturn<GeneratorForm, unknown, GenerateArticleInputParsed>;
  categories: readonly CategoryOutput[];
  categoryId: number | "";
  onCategoryChange: (categoryId: number | "") => void;
  trendingTopics: readonly string[];
  quickTopics: readonly string[];
  busy: boolean;
  progress: GenerationProgress | null;
  notConfigured: boolean;
  researching: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  onResearch: () => void;
}) {
  const { form, busy, progress } = props;
  const { control } = form;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Box
        component="form"
        method="post"
        noValidate
        onSubmit={props.onSubmit}
        sx={{ display: "grid", gap: 2 }}
      >
        <Typography variant="h6" component="h2">
          AI Article Generator
        </Typography>
        <CategorySelect
          categories={props.categories}
          label="Category"
          value={props.categoryId}
          onChange={props.onCategoryChange}
          emptyOption={{ value: "", label: "All categories" }}
          activeOnly
          disabled={busy}
          helperText="Topics below follow the category; the draft is saved in it"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        />
        <PromptField form={form} busy={busy} />
        <TopicChipRows
          form={form}
          trendingTopics={props.trendingTopics}
          quickTopics={props.quickTopics}
          busy={busy}
        />
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", xl: "repeat(4, 1fr)" },
          }}
        >
          {selectFields.map((select) => (
            <FormSelectField
              key={select.name}
              control={control}
              name={select.name}
              label={select.label}
              options={select.options}
              disabled={busy}
            />
          ))}
        </Box>
        <KeywordsField form={form} busy={busy} />
        <Accordion disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>Advanced options</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <FormCheckboxField
              control={control}
              name="generateImage"
              toggle="switch"
              label="Generate a featured image"
              disabled={busy}
            />
            <Typography variant="body2" color="text.secondary">
              The writer reads up to 5 of our own published articles on the topic and may use no
              facts or figures beyond them. Every draft is saved as a draft for an editor to review.
            </Typography>
          </AccordionDetails>
        </Accordion>

        <GeneratorActions
          form={form}
          busy={busy}
          notConfigured={props.notConfigured}
          researching={props.researching}
          onCancel={props.onCancel}
          onResearch={props.onResearch}
        />

        {busy && (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="generation-progress">
              {progress?.message ?? "Starting..."}
            </Typography>
            <LinearProgress
              variant={progress?.current && progress.total ? "determinate" : "indeterminate"}
              value={
                progress?.current && progress.total ? (progress.current / progress.total) * 100 : 0
              }
            />
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/*
 * The parts that follow what is typed or chosen read it themselves (useWatch, useFormState): a
 * chip or a keystroke re-renders them, not the generator, its selects and its log (issue 35: a
 * chip answered in ~570 ms on a 4x-slowed phone when the whole generator re-rendered).
 */
type FormProps = {
  form: UseFormReturn<GeneratorForm, unknown, GenerateArticleInputParsed>;
  busy: boolean;
};

function PromptField({ form, busy }: FormProps) {
  const topic = useWatch({ control: form.control, name: "prompt" });
  const { errors } = useFormState({ control: form.control, name: "prompt" });
  return (
    <TextField
      label="Article topic"
      placeholder="e.g. What the next bitcoin halving means for miners"
      multiline
      minRows={2}
      required
      disabled={busy}
      {...form.register("prompt")}
      // A chip fills the field without typing: the label must move up over it then too.
      slotProps={{ inputLabel: { shrink: topic ? true : undefined } }}
      error={!!errors.prompt}
      helperText={errors.prompt?.message}
    />
  );
}

function TopicChipRows(
  props: FormProps & { trendingTopics: readonly string[]; quickTopics: readonly string[] },
) {
  const { form } = props;
  const topic = useWatch({ control: form.control, name: "prompt" });
  const chooseTopic = (chosen: string) => form.setValue("prompt", chosen, { shouldValidate: true });
  return (
    [
      ["Trending topics", props.trendingTopics],
      ["Quick topics", props.quickTopics],
    ] as const
  ).map(([label, topics]) => (
    <TopicChips
      key={label}
      label={label}
      topics={topics}
      chosen={topic}
      disabled={props.busy}
      onChoose={chooseTopic}
    />
  ));
}

function KeywordsField({ form, busy }: FormProps) {
  const { errors } = useFormState({ control: form.control, name: "keywords" });
  return (
    <TextField
      label="Keywords"
      placeholder="bitcoin, halving, miners"
      disabled={busy}
      {...form.register("keywords")}
      error={!!errors.keywords}
      helperText={errors.keywords?.message ?? "Separate keywords with commas"}
    />
  );
}

function GeneratorActions(
  props: FormProps & {
    notConfigured: boolean;
    researching: boolean;
    onCancel: () => void;
    onResearch: () => void;
  },
) {
  const { busy } = props;
  const topic = useWatch({ control: props.form.control, name: "prompt" });
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
      <Button
        type="submit"
        variant="contained"
        startIcon={<AutoAwesomeIcon />}
        disabled={!topic.trim() || busy || props.notConfigured}
      >
        {busy ? "Generating..." : "Generate Article"}
      </Button>
      {busy && (
        <Button variant="outlined" color="warning" onClick={props.onCancel}>
          Cancel
        </Button>
      )}
      <Button
        variant="text"
        startIcon={<SearchIcon />}
        disabled={!topic.trim() || busy || props.researching}
        onClick={props.onResearch}
      >
        Find sources only (no AI)
      </Button>
    </Stack>
  );
}
