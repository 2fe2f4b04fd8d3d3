import {
  type GenerateArticleInputParsed,
  generateArticleInputSchema,
  generatorDefaults,
  generatorMessages,
  type ResearchResponse,
} from "@aurumwire/shared/ai-writer";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import {
  buildCategoryTree,
  flattenCategoryTree,
  useAdminCategories,
} from "../../api/admin-categories";
import {
  builtInTopics,
  useQuickTopics,
  useResearch,
  useTrendingTopics,
  useWriterStatus,
} from "../../api/ai-writer";
import { useFeedback } from "../../components/feedback";
import { schemaResolver } from "../../components/form/form-kit";
import { useAuth } from "../../lib/auth-context";
import { GenerationLog } from "./generation-log";
import { ResearchResult } from "./generation-sources";
import { type GeneratorForm, GeneratorFormPanel } from "./generator-form";
import { GeneratorPreview } from "./generator-preview";
import { useDraftSave } from "./use-draft-save";
import { failureReason, useGeneration } from "./use-generation";

const resolver = schemaResolver<GeneratorForm, typeof generateArticleInputSchema>(
  generateArticleInputSchema,
);

const defaults: GeneratorForm = { prompt: "", keywords: "", ...generatorDefaults };

/** Spec point 8: the first 6 trending and the first 8 quick topics; none shows in both rows. */
export function topicRows(trending: readonly string[], quick: readonly string[]) {
  const trendingRow = trending.slice(0, 6);
  const shown = new Set(trendingRow.map((topic) => topic.toLowerCase()));
  const quickRow = quick.filter((topic) => !shown.has(topic.toLowerCase())).slice(0, 8);
  return { trendingRow, quickRow };
}

/**
 * The 'AI Generator' tab (spec points 2, 4, 5, 8, 9): the category first, so the trending and
 * quick topic chips follow it; topic, type, tone, length, audience, keywords and advanced options;
 * generation with streamed progress and Cancel; a preview with its archive sources, the figures to
 * check and the SEO score; 'Save as Draft & Edit'. Without a configured model the tab says so
 * (the setting names to admins only) and still offers the archive research, labelled as not
 * written by AI.
 */
export function AiGenerator() {
  const feedback = useFeedback();
  const status = useWriterStatus();
  const categories = useAdminCategories();
  const research = useResearch();
  const [categoryId, setCategoryId] = useState<number | "">("");
  const [researchResult, setResearchResult] = useState<ResearchResponse | null>(null);
  const { user } = useAuth();
  const generation = useGeneration(feedback.show, () => status.refetch());
  const draft = useDraftSave(feedback.show);

  const form = useForm<GeneratorForm, unknown, GenerateArticleInputParsed>({
    defaultValues: defaults,
    resolver,
  });

  const categoryOptions = useMemo(
    () => flattenCategoryTree(buildCategoryTree(categories.data ?? [])),
    [categories.data],
  );
  // Spec: the category's name in lower case, or "general".
  const topicCategory =
    categoryOptions.find((category) => category.id === categoryId)?.name.toLowerCase() ?? "general";
  const trending = useTrendingTopics(topicCategory);
  const quick = useQuickTopics(topicCategory);

  useEffect(() => {
    if (categories.isError) feedback.show("error", generatorMessages.categoriesFailed);
  }, [categories.isError, feedback.show]);
  useEffect(() => {
    if (trending.isError) feedback.show("error", generatorMessages.topicsFailed);
  }, [trending.isError, feedback.show]);

  const { trendingRow, quickRow } = topicRows(
    trending.isError ? builtInTopics : (trending.data?.topics ?? []),
    quick.data?.topics ?? [],
  );
  const notConfigured = !!status.data && !status.data.configured;

  const submit = form.handleSubmit(async (input) => {
    if (await generation.run({ ...input, categoryId: categoryId || null })) {
      setResearchResult(null);
    }
  });

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
    if (!generation.result) return;
    const { article } = generation.result;
    await navigator.clipboard.writeText(
      `${article.title}\n\n${article.excerpt}\n\n${article.content}`,
    );
    feedback.show("success", generatorMessages.copied);
  };

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
      <GeneratorFormPanel
        form={form}
        categories={categories.data ?? []}
        categoryId={categoryId}
        onCategoryChange={setCategoryId}
        trendingTopics={trendingRow}
        quickTopics={quickRow}
        busy={generation.busy}
        progress={generation.progress}
        notConfigured={notConfigured}
        researching={research.isPending}
        onSubmit={submit}
        onCancel={generation.cancel}
        onResearch={runResearch}
      />
      {researchResult && <ResearchResult research={researchResult} />}
      {generation.result && (
        <GeneratorPreview
          result={generation.result}
          categories={categories.data ?? []}
          categoryId={categoryId}
          onCategoryChange={setCategoryId}
          busy={generation.busy}
          saveDisabled={draft.disabled}
          onRegenerate={submit}
          onCopy={copyArticle}
          onSave={() =>
            draft.save(generation.result, categoryId, !!form.getValues("generateImage"))
          }
        />
      )}
      <GenerationLog />
      {feedback.element}
    </Box>
  );
}
