import {
  type Article,
  type ArticleInputParsed,
  articleInputSchema,
} from "@aurumwire/shared/articles";
import { intervals, storageKeys } from "@aurumwire/shared/limits";
import { isEditor } from "@aurumwire/shared/roles";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import HistoryIcon from "@mui/icons-material/History";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { Controller, type FieldErrors, FormProvider, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { useArticleForEditing, useSaveArticle } from "../../api/admin-articles";
import { useAdminCategories } from "../../api/admin-categories";
import { useFeedback } from "../../components/feedback";
import { schemaResolver, showServerFieldErrors } from "../../components/form/form-kit";
import { ApiError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatClockTime, formatDateTime } from "../../lib/dates";
import { serverMessageOr } from "../../lib/error-text";
import {
  type ArticleFormValues,
  emptyArticleForm,
  type SaveAction,
  toFormValues,
  toRequestBody,
  toSchemaInput,
} from "./article-form-values";
import { CategoryPanel } from "./category-panel";
import { ContentPanel } from "./content-panel";
import { FeaturedImagePicker } from "./featured-image-picker";
import { LiveCoverageButton } from "./live-coverage-desk";
import { EditorLoadFailure } from "./load-failure";
import { localDraftKey } from "./local-draft";
import { PreviewButton } from "./preview-button";
import { PublishingPanel } from "./publishing-panel";
import { ReviewPanel } from "./review-panel";
import { RevisionHistoryDialog } from "./revision-history-dialog";
import { SentimentPanel } from "./sentiment-panel";
import { SeoFieldsPanel } from "./seo-fields-panel";
import { useLeaveWarning } from "./use-leave-warning";
import { useLocalDraft } from "./use-local-draft";

/** The shared schema (spec point 5) checks the form, exactly as it checks the request on the server. */
const resolver = schemaResolver(articleInputSchema, toSchemaInput);

const formFields = Object.keys(emptyArticleForm);

/**
 * The article editor for create (/dashboard/articles/create) and edit
 * (/dashboard/articles/{id}/edit): every field of spec point 2, the shared validation, the SEO
 * panel, the featured image upload, preview, revisions, and a warning before unsaved work is lost.
 */
export function ArticleEditor(props: { articleId?: number }) {
  const { articleId } = props;
  const editMode = articleId !== undefined;
  const { user } = useAuth();
  const canPublish = isEditor(user);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const loaded = useArticleForEditing(editMode && !Number.isNaN(articleId) ? articleId : undefined);
  const categories = useAdminCategories();
  const saveArticle = useSaveArticle();
  const [editorKey, setEditorKey] = useState(0);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [pendingAction, setPendingAction] = useState<SaveAction | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  const form = useForm<ArticleFormValues, unknown, ArticleInputParsed>({
    defaultValues: emptyArticleForm,
    resolver,
  });
  const { control, handleSubmit, reset, setError, watch, formState } = form;
  const { isDirty } = formState;
  const stored: Article | undefined = loaded.data;
  // Restored content stays an edit when the editor remounts with it (content-panel.tsx).
  const [restored, setRestored] = useState(false);

  const localDraft = useLocalDraft({
    storageKey: user ? localDraftKey(user.id, articleId) : null,
    getValues: form.getValues,
    isDirty,
    baseUpdatedAt: stored?.updatedAt ?? null,
    onRestore: (values) => {
      reset(values, { keepDefaultValues: true });
      setRestored(true);
      setEditorKey((key) => key + 1);
    },
    onSignedOut: () => leaveWarning.allowNextNavigation(),
  });
  const leaveWarning = useLeaveWarning(isDirty, localDraft.discard);

  useEffect(() => {
    const subscription = watch(() => localDraft.noteChange());
    return () => subscription.unsubscribe();
  }, [watch, localDraft.noteChange]);

  // A new article: the empty form is ready at once.
  const checkForDraft = localDraft.checkForDraft;
  const restoredNotice = useRef(false);
  useEffect(() => {
    if (editMode || restoredNotice.current) return;
    if (checkForDraft() === "restored") {
      restoredNotice.current = true;
      feedback.show("info", "Your unsaved changes were restored.");
    }
  }, [editMode, checkForDraft, feedback.show]);
  // Load the stored article into the form once, and again when a newer version arrives while
  // nothing is being edited: unsaved work is never replaced behind the writer's back.
  const loadedVersion = useRef<string | null>(null);
  useEffect(() => {
    if (!stored) return;
    const version = `${stored.id}:${stored.updatedAt}`;
    if (loadedVersion.current === version) return;
    if (loadedVersion.current !== null && form.formState.isDirty) return;
    const firstLoad = loadedVersion.current === null;
    loadedVersion.current = version;
    reset(toFormValues(stored));
    setRestored(false);
    setEditorKey((key) => key + 1);
    // The stored article is in the form: is there unsaved work for it in this browser?
    if (firstLoad && checkForDraft() === "restored") {
      feedback.show("info", "Your unsaved changes were restored.");
    }
  }, [stored, reset, form, checkForDraft, feedback.show]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const openPreview = () => {
    const values = form.getValues();
    const category = categories.data?.find((item) => item.id === values.categoryId);
    const author = stored?.author ?? user;
    window.localStorage.setItem(
      storageKeys.articlePreview,
      JSON.stringify({
        title: values.title,
        excerpt: values.excerpt,
        content: values.content,
        featuredImage: values.featuredImage,
        tags: values.tags,
        category: category ? { name: category.name, color: category.color } : null,
        author: author ? { firstName: author.firstName, lastName: author.lastName } : null,
      }),
    );
    window.open("/preview", "_blank", "noopener");
  };

  const save = (action: SaveAction) =>
    handleSubmit(
      async (parsed) => {
        setPendingAction(action);
        try {
          const article = await saveArticle.mutateAsync({
            id: articleId,
            body: toRequestBody(parsed, action, stored?.status ?? null),
          });
          loadedVersion.current = `${article.id}:${article.updatedAt}`;
          localDraft.saved();
          reset(toFormValues(article));
          setRestored(false);
          leaveWarning.allowNextNavigation();
          if (!editMode) {
            // Spec: after creating, the saved article's page, then the list.
            navigate(dashboardPaths.article(article.id), { replace: true });
            return;
          }
          if (action === "publish") {
            navigate(dashboardPaths.articles);
            return;
          }
          feedback.show("success", "Article saved successfully");
          redirectTimer.current = window.setTimeout(
            () => navigate(dashboardPaths.articles),
            intervals.redirectAfterSaveMs,
          );
        } catch (caught) {
          showServerFieldErrors(caught, setError, formFields);
          const fallback =
            action === "publish"
              ? "Failed to publish article. Please try again."
              : "Failed to save article. Please try again.";
          feedback.show("error", serverMessageOr(fallback, caught));
        } finally {
          setPendingAction(null);
        }
      },
      (invalid: FieldErrors<ArticleFormValues>) => {
        const first = Object.values(invalid)[0]?.message;
        feedback.show(
          "error",
          first ? `Please check the form: ${first}` : "Please check the form.",
        );
      },
    )();

  if (
    editMode &&
    (Number.isNaN(articleId) || (loaded.error instanceof ApiError && loaded.error.status === 404))
  ) {
    return <EditorLoadFailure message="Article not found" />;
  }
  if (editMode && loaded.isError) {
    // An author opening another author's article (403) gets the same frame: a heading, the
    // reason, and a way back.
    return (
      <EditorLoadFailure
        message={
          loaded.error instanceof ApiError && loaded.error.status === 403
            ? `Failed to load article for editing: ${loaded.error.message}`
            : "Failed to load article for editing"
        }
      />
    );
  }
  if (editMode && loaded.isPending) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, py: 6, justifyContent: "center" }}>
        <CircularProgress size={24} />
        <Typography>Loading article...</Typography>
      </Box>
    );
  }

  return (
    <FormProvider {...form}>
      <Box component="form" method="post" noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ alignItems: { sm: "center" }, justifyContent: "space-between", mb: 3 }}
        >
          <Box>
            <Button
              component={RouterLink}
              to={dashboardPaths.articles}
              startIcon={<ArrowBackIcon />}
              size="small"
              sx={{ mb: 1 }}
            >
              Articles
            </Button>
            <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Typography variant="h4" component="h1">
                {editMode ? "Edit Article" : "Create Article"}
              </Typography>
              {isDirty && <Chip label="Unsaved changes" color="warning" size="small" />}
              {isDirty && localDraft.savedAt && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  role="status"
                  data-testid="local-saved-at"
                >
                  Saved at {formatClockTime(localDraft.savedAt)} on this device
                </Typography>
              )}
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
            <PreviewButton control={control} onOpen={openPreview} />
            {editMode && (
              <Button
                variant="outlined"
                startIcon={<HistoryIcon />}
                onClick={() => setRevisionsOpen(true)}
              >
                Revision History
              </Button>
            )}
            {editMode && <LiveCoverageButton articleId={articleId} />}
          </Stack>
        </Stack>

        {localDraft.offer && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <>
                <Button color="inherit" size="small" onClick={localDraft.restore}>
                  Restore
                </Button>
                <Button color="inherit" size="small" onClick={localDraft.discard}>
                  Discard
                </Button>
              </>
            }
          >
            Unsaved changes from {formatDateTime(localDraft.offer.savedAt)} are kept on this device.
          </Alert>
        )}
        {categories.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Failed to load data. Please refresh and try again.
          </Alert>
        )}

        {editMode && articleId !== undefined && stored && (
          <ReviewPanel
            articleId={articleId}
            articleTitle={stored.title}
            storedStatus={stored.status}
            canPublish={canPublish}
            hasUnsavedChanges={isDirty}
            onMessage={feedback.show}
          />
        )}
        <Box
          sx={{
            display: "grid",
            gap: 3,
            gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 380px" },
            alignItems: "start",
          }}
        >
          <ContentPanel
            editorKey={editorKey}
            keepContentDirty={restored}
            onImageError={(message) => feedback.show("error", message)}
          />
          <Stack spacing={3}>
            <PublishingPanel
              editMode={editMode}
              canPublish={canPublish}
              storedStatus={stored?.status ?? null}
              storedPublishedAt={stored?.publishedAt ?? null}
              pendingAction={pendingAction}
              onSave={save}
            />
            <CategoryPanel categories={categories.data ?? []} />
            <Paper variant="outlined" sx={{ p: 2.5 }}>
              <Controller
                name="featuredImage"
                control={control}
                render={({ field }) => (
                  <FeaturedImagePicker
                    value={field.value}
                    onChange={field.onChange}
                    articleId={editMode ? articleId : undefined}
                    // The server has already saved a generated image: not an unsaved change.
                    onGenerated={(url) => form.resetField("featuredImage", { defaultValue: url })}
                  />
                )}
              />
            </Paper>
            <SeoFieldsPanel />
            <SentimentPanel
              articleId={editMode && stored?.status === "published" ? articleId : undefined}
            />
          </Stack>
        </Box>

        {editMode && articleId !== undefined && (
          <RevisionHistoryDialog
            open={revisionsOpen}
            articleId={articleId}
            hasUnsavedChanges={isDirty}
            onClose={() => setRevisionsOpen(false)}
            onRestored={(article) => {
              loadedVersion.current = `${article.id}:${article.updatedAt}`;
              reset(toFormValues(article));
              setEditorKey((key) => key + 1);
              setRevisionsOpen(false);
              feedback.show("success", "Revision restored");
            }}
          />
        )}
        {leaveWarning.dialog}
        {feedback.element}
      </Box>
    </FormProvider>
  );
}
