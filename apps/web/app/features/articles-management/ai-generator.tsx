import { imageMessages, imageProviderLabels } from "@aurumwire/shared/ai-images";
import {
  articleTypes,
  type GenerateArticleInput,
  type GenerateArticleInputParsed,
  type GenerateArticleResponse,
  type GenerationProgress,
  generateArticleInputSchema,
  generatorAudiences,
  generatorDefaults,
  generatorLengths,
  generatorMessages,
  generatorTones,
  generatorWordRanges,
  type ResearchResponse,
} from "@aurumwire/shared/ai-writer";
import { intervals } from "@aurumwire/shared/limits";
import { zodResolver } from "@hookform/resolvers/zod";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import RefreshIcon from "@mui/icons-material/Refresh";
import SaveIcon from "@mui/icons-material/Save";
import SearchIcon from "@mui/icons-material/Search";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  buildCategoryTree,
  flattenCategoryTree,
  useAdminCategories,
} from "../../api/admin-categories";
import { generateArticleImage } from "../../api/ai-images";
import {
  builtInTopics,
  generateArticle,
  useQuickTopics,
  useResearch,
  useSaveGeneratedDraft,
  useTrendingTopics,
  useWriterStatus,
  writerKeys,
} from "../../api/ai-writer";
import { CategorySelect } from "../../components/category-select";
import { useFeedback } from "../../components/feedback";
import { SeoPanel } from "../../components/seo-panel";
import { ApiError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { GenerationLog } from "./generation-log";

type GeneratorForm = Omit<GenerateArticleInput, "keywords" | "categoryId"> & { keywords: string };

const resolver = zodResolver(generateArticleInputSchema) as unknown as Resolver<
  GeneratorForm,
  unknown,
  GenerateArticleInputParsed
>;

const defaults: GeneratorForm = { prompt: "", keywords: "", ...generatorDefaults };

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function failureReason(caught: unknown): string {
  if (caught instanceof ApiError) return caught.message || "Failed to generate article";
  if (caught instanceof Error && caught.message) return caught.message;
  return "Unknown error";
}

function SourceList(props: { sources: ResearchResponse["sources"]; showPassages?: boolean }) {
  return (
    <List dense disablePadding>
      {props.sources.map((source, index) => (
        <ListItem key={source.articleId} disableGutters sx={{ alignItems: "flex-start" }}>
          <ListItemText
            primary={
              <Link href={`/article/${source.slug}`} target="_blank" rel="noopener">
                [{index + 1}] {source.title}
              </Link>
            }
            secondary={props.showPassages ? source.passage : source.publishedAt?.slice(0, 10)}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The 'AI Generator' tab (spec points 2, 4, 5, 8, 9): topic, type, tone, length, audience,
 * keywords and advanced options; trending and quick topic chips; generation with streamed
 * progress and Cancel; a preview with its archive sources, the figures to check and the SEO
 * score; 'Save as Draft & Edit'. Without a configured model the tab says which settings to add and
 * still offers the archive research, labelled as not written by AI.
 */
export function AiGenerator() {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const status = useWriterStatus();
  const trending = useTrendingTopics();
  const categories = useAdminCategories();
  const research = useResearch();
  const saveDraft = useSaveGeneratedDraft();
  const [categoryId, setCategoryId] = useState<number | "">("");
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<GenerationProgress | null>(null);
  const [result, setResult] = useState<GenerateArticleResponse | null>(null);
  const [researchResult, setResearchResult] = useState<ResearchResponse | null>(null);
  const { user } = useAuth();
  const controller = useRef<AbortController | null>(null);
  // A new preview is below the form: the writer is taken to it (and a screen reader told).
  const previewHeading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (!result) return;
    previewHeading.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    previewHeading.current?.focus({ preventScroll: true });
  }, [result]);
  const redirectTimer = useRef<number | undefined>(undefined);

  const form = useForm<GeneratorForm, unknown, GenerateArticleInputParsed>({
    defaultValues: defaults,
    resolver,
  });
  const { control, register, handleSubmit, setValue, watch, formState } = form;
  const topic = watch("prompt");

  const categoryOptions = useMemo(
    () => flattenCategoryTree(buildCategoryTree(categories.data ?? [])),
    [categories.data],
  );
  const chosenCategory = categoryOptions.find((category) => category.id === categoryId);
  const quick = useQuickTopics(chosenCategory?.name.toLowerCase() ?? "general");

  useEffect(() => {
    if (categories.isError) feedback.show("error", generatorMessages.categoriesFailed);
  }, [categories.isError, feedback.show]);
  useEffect(() => {
    if (trending.isError) feedback.show("error", generatorMessages.topicsFailed);
  }, [trending.isError, feedback.show]);
  useEffect(
    () => () => {
      controller.current?.abort();
      window.clearTimeout(redirectTimer.current);
    },
    [],
  );

  const trendingTopics = (trending.isError ? builtInTopics : (trending.data?.topics ?? [])).slice(
    0,
    6,
  );
  const quickTopics = (quick.data?.topics ?? []).slice(0, 8);
  const notConfigured = status.data && !status.data.configured;

  const runGeneration = async (input: GenerateArticleInputParsed) => {
    const abort = new AbortController();
    controller.current = abort;
    const timer = window.setTimeout(() => abort.abort("timeout"), intervals.generationTimeoutMs);
    setBusy(true);
    setProgress(null);
    try {
      const generated = await generateArticle(input, {
        signal: abort.signal,
        onProgress: setProgress,
      });
      setResult(generated);
      setResearchResult(null);
    } catch (caught) {
      const timedOut =
        (abort.signal.aborted && abort.signal.reason === "timeout") ||
        (caught instanceof ApiError && caught.code === "ai_timeout");
      if (timedOut) {
        feedback.show("error", generatorMessages.timedOut);
      } else if (abort.signal.aborted) {
        feedback.show("info", "Generation cancelled. Nothing was saved.");
      } else {
        feedback.show("error", generatorMessages.failed(failureReason(caught)));
      }
    } finally {
      window.clearTimeout(timer);
      controller.current = null;
      setBusy(false);
      setProgress(null);
      status.refetch();
      queryClient.invalidateQueries({ queryKey: writerKeys.log });
    }
  };

  const submit = handleSubmit(runGeneration);

  const runResearch = async () => {
    const values = form.getValues();
    try {
      setResearchResult(
        await research.mutateAsync({ prompt: values.prompt, keywords: values.keywords }),
      );
    } catch (caught) {
      feedback.show("error", failureReason(caught));
    }
  };

  const copyArticle = async () => {
    if (!result) return;
    const { article } = result;
    await navigator.clipboard.writeText(
      `${article.title}\n\n${article.excerpt}\n\n${article.content}`,
    );
    feedback.show("success", generatorMessages.copied);
  };

  // Set at once on the first click (React state would let a second click 20 ms later through);
  // the server also makes one draft per generation.
  const saving = useRef(false);
  const save = async () => {
    if (saving.current) return;
    if (!result?.article.content) {
      feedback.show("error", generatorMessages.noContent);
      return;
    }
    if (!categoryId) {
      feedback.show("error", generatorMessages.noCategory);
      return;
    }
    const { article, generation } = result;
    saving.current = true;
    try {
      const saved = await saveDraft.mutateAsync({
        generationId: generation.id,
        body: {
          title: article.title,
          excerpt: article.excerpt,
          content: article.content,
          categoryId,
          tags: article.tags,
          metaTitle: article.metaTitle,
          metaDescription: article.metaDescription,
          featuredImage: article.featuredImage,
        },
      });
      const id = saved?.article?.id;
      if (!id) {
        feedback.show("error", generatorMessages.invalidResponse);
        return;
      }
      feedback.show("success", generatorMessages.saved);
      // 'Generate a featured image': the saved draft gets one before the editor opens, so the
      // editor's form starts from the stored image. A failure keeps the draft and says why.
      if (form.getValues("generateImage")) {
        feedback.show("info", "Draft saved. Generating the featured image...");
        try {
          const image = await generateArticleImage(id);
          feedback.show(
            "success",
            image.aiGenerated
              ? `${generatorMessages.saved} Featured image by ${imageProviderLabels[image.provider]}.`
              : `${generatorMessages.saved} No AI image service is configured: a branded cover (not AI) was drawn.`,
          );
        } catch (caught) {
          feedback.show(
            "error",
            `Draft saved, but the image failed: ${caught instanceof Error && caught.message ? caught.message : imageMessages.failed}`,
          );
        }
      }
      redirectTimer.current = window.setTimeout(
        () => navigate(`/dashboard/articles/${id}/edit`),
        intervals.redirectAfterSaveMs,
      );
    } catch (caught) {
      const reason = caught instanceof Error && caught.message ? caught.message : "Unknown error";
      feedback.show("error", generatorMessages.saveFailed(reason));
      saving.current = false;
    }
  };

  const topicChips = (label: string, topics: string[]) =>
    topics.length > 0 && (
      <Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {topics.map((chipTopic) => (
            <Chip
              key={chipTopic}
              label={chipTopic}
              size="small"
              variant={chipTopic === topic ? "filled" : "outlined"}
              color="primary"
              disabled={busy}
              onClick={() => setValue("prompt", chipTopic, { shouldValidate: true })}
              // Topics are headlines: they wrap on a phone instead of widening the page.
              sx={{
                maxWidth: "100%",
                height: "auto",
                "& .MuiChip-label": { whiteSpace: "normal", py: 0.5 },
              }}
            />
          ))}
        </Stack>
      </Box>
    );

  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "minmax(0, 1fr)" }}>
      {notConfigured && (
        <Alert severity="warning" data-testid="ai-not-configured">
          {/* Setting names help the admin who sets them; an editor can only ask. */}
          {user?.role === "admin"
            ? status.data?.message
            : "Ask an administrator to connect an AI service. Until then, “Find sources only” searches our own archive on a topic."}
        </Alert>
      )}
      {status.data?.configured && (
        <Alert severity={status.data.reachable && status.data.modelAvailable ? "info" : "warning"}>
          {status.data.message} {status.data.usedToday} of {status.data.dailyLimit} generations used
          today.
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
        <Box
          component="form"
          method="post"
          noValidate
          onSubmit={submit}
          sx={{ display: "grid", gap: 2 }}
        >
          <Typography variant="h6" component="h2">
            AI Article Generator
          </Typography>
          <TextField
            label="Article topic"
            placeholder="e.g. What the next bitcoin halving means for miners"
            multiline
            minRows={2}
            required
            disabled={busy}
            {...register("prompt")}
            // A chip fills the field without typing: the label must move up over it then too.
            slotProps={{ inputLabel: { shrink: topic ? true : undefined } }}
            error={!!formState.errors.prompt}
            helperText={formState.errors.prompt?.message}
          />
          {topicChips("Trending topics", trendingTopics)}
          {topicChips("Quick topics", quickTopics)}
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", xl: "repeat(4, 1fr)" },
            }}
          >
            <Controller
              control={control}
              name="articleType"
              render={({ field }) => (
                <TextField select label="Article type" disabled={busy} {...field}>
                  {articleTypes.map((value) => (
                    <MenuItem key={value} value={value}>
                      {capitalize(value)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="tone"
              render={({ field }) => (
                <TextField select label="Tone" disabled={busy} {...field}>
                  {generatorTones.map((value) => (
                    <MenuItem key={value} value={value}>
                      {capitalize(value)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="length"
              render={({ field }) => (
                <TextField select label="Length" disabled={busy} {...field}>
                  {generatorLengths.map((value) => (
                    <MenuItem key={value} value={value}>
                      {capitalize(value)} ({generatorWordRanges[value].min}-
                      {generatorWordRanges[value].max} words)
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="targetAudience"
              render={({ field }) => (
                <TextField select label="Target audience" disabled={busy} {...field}>
                  {generatorAudiences.map((value) => (
                    <MenuItem key={value} value={value}>
                      {capitalize(value)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          <TextField
            label="Keywords"
            placeholder="bitcoin, halving, miners"
            disabled={busy}
            {...register("keywords")}
            error={!!formState.errors.keywords}
            helperText={formState.errors.keywords?.message ?? "Separate keywords with commas"}
          />
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography>Advanced options</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Controller
                control={control}
                name="generateImage"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={!!field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        disabled={busy}
                      />
                    }
                    label="Generate a featured image"
                  />
                )}
              />
              <Typography variant="body2" color="text.secondary">
                The writer reads up to 5 of our own published articles on the topic and may use no
                facts or figures beyond them. Every draft is saved as a draft for an editor to
                review.
              </Typography>
            </AccordionDetails>
          </Accordion>

          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<AutoAwesomeIcon />}
              disabled={!topic.trim() || busy || !!notConfigured}
            >
              {busy ? "Generating..." : "Generate Article"}
            </Button>
            {busy && (
              <Button
                variant="outlined"
                color="warning"
                onClick={() => controller.current?.abort()}
              >
                Cancel
              </Button>
            )}
            <Button
              variant="text"
              startIcon={<SearchIcon />}
              disabled={!topic.trim() || busy || research.isPending}
              onClick={runResearch}
            >
              Find sources only (no AI)
            </Button>
          </Stack>

          {busy && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 1 }} data-testid="generation-progress">
                {progress?.message ?? "Starting..."}
              </Typography>
              <LinearProgress
                variant={progress?.current && progress.total ? "determinate" : "indeterminate"}
                value={
                  progress?.current && progress.total
                    ? (progress.current / progress.total) * 100
                    : 0
                }
              />
            </Box>
          )}
        </Box>
      </Paper>

      {researchResult && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="research-result">
          <Typography variant="h6" component="h2">
            Research: not written by AI
          </Typography>
          <Alert severity="info" sx={{ my: 1 }}>
            {researchResult.notice}
          </Alert>
          {researchResult.sources.length === 0 ? (
            <Typography color="text.secondary">
              No published article in our archive matches this topic.
            </Typography>
          ) : (
            <SourceList sources={researchResult.sources} showPassages />
          )}
        </Paper>
      )}

      {result && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="generated-preview">
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={1}
            sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}
          >
            <Typography
              variant="h6"
              component="h2"
              ref={previewHeading}
              tabIndex={-1}
              sx={{ "&:focus": { outline: "none" } }}
            >
              Preview
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button startIcon={<RefreshIcon />} onClick={submit} disabled={busy}>
                Regenerate
              </Button>
              <Button startIcon={<ContentCopyIcon />} onClick={copyArticle}>
                Copy
              </Button>
            </Stack>
          </Stack>
          <Alert severity="info" sx={{ mb: 2 }}>
            Drafted by AI ({result.generation.model}) from {result.sources.length} archive{" "}
            {result.sources.length === 1 ? "source" : "sources"}. An editor reviews it before it is
            published.
          </Alert>
          <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "2fr 1fr" } }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {result.article.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {result.article.excerpt}
              </Typography>
              <Box
                data-testid="generated-content"
                sx={{ "& h2": { fontSize: "1.25rem", mt: 3 }, "& a": { color: "primary.main" } }}
                // Sanitized by the server (the article allowlist) before it was sent.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the draft's HTML is what a preview shows
                dangerouslySetInnerHTML={{ __html: result.article.content }}
              />
            </Box>
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <CategorySelect
                categories={categories.data ?? []}
                label="Category"
                value={categoryId}
                onChange={setCategoryId}
                required
                activeOnly
              />
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                onClick={save}
                disabled={saveDraft.isPending || saveDraft.isSuccess}
              >
                Save as Draft & Edit
              </Button>
              <Divider />
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  SEO metadata
                </Typography>
                <Typography variant="body2">
                  <strong>Meta title:</strong> {result.article.metaTitle}
                </Typography>
                <Typography variant="body2">
                  <strong>Meta description:</strong> {result.article.metaDescription}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 1 }}>
                  {result.article.tags.map((tag) => (
                    <Chip key={tag} label={`#${tag}`} size="small" variant="outlined" />
                  ))}
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {result.article.readingTime} min read
                </Typography>
              </Box>
              <SeoPanel
                title={result.article.title}
                metaTitle={result.article.metaTitle}
                metaDescription={result.article.metaDescription}
                excerpt={result.article.excerpt}
              />
              <Divider />
              <Box data-testid="figure-checks">
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  Figures to check
                </Typography>
                {result.figureChecks.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    Every figure in the draft appears in its sources.
                  </Typography>
                ) : (
                  <List dense disablePadding>
                    {result.figureChecks.map((check) => (
                      <ListItem key={check.figure} disableGutters>
                        <ListItemText
                          primary={`Check this figure: ${check.figure}`}
                          secondary={check.context}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </Box>
              <Divider />
              <Box data-testid="generation-sources">
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  Sources
                </Typography>
                {result.sources.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    No archive article matched the topic: check every fact in this draft.
                  </Typography>
                ) : (
                  <SourceList sources={result.sources} />
                )}
              </Box>
            </Stack>
          </Box>
        </Paper>
      )}
      <GenerationLog />
      {feedback.element}
    </Box>
  );
}
