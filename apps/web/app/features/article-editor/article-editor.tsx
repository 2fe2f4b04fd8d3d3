import {
  type Article,
  type ArticleInputParsed,
  articleInputSchema,
  htmlTextLength,
} from "@aurumwire/shared/articles";
import { intervals, limits, storageKeys } from "@aurumwire/shared/limits";
import { isEditor } from "@aurumwire/shared/roles";
import { zodResolver } from "@hookform/resolvers/zod";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import HistoryIcon from "@mui/icons-material/History";
import VisibilityIcon from "@mui/icons-material/Visibility";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useEffect, useMemo, useRef, useState } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { useArticleForEditing, useSaveArticle } from "../../api/admin-articles";
import {
  buildCategoryTree,
  flattenCategoryTree,
  useAdminCategories,
} from "../../api/admin-categories";
import { uploadArticleImage } from "../../api/uploads";
import { useFeedback } from "../../components/feedback";
import { ApiError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { serverMessageOr } from "../../lib/error-text";
import {
  type ArticleFormValues,
  emptyArticleForm,
  type SaveAction,
  toFormValues,
  toRequestBody,
  toSchemaInput,
} from "./article-form-values";
import { FeaturedImagePicker } from "./featured-image-picker";
import { RevisionHistoryDialog } from "./revision-history-dialog";
import { RichTextEditor } from "./rich-text-editor";
import { SeoPanel } from "./seo-panel";
import { TagsField } from "./tags-field";
import { useLeaveWarning } from "./use-leave-warning";

/** Spec point 9: the article form's editor is 600 px high. */
const articleEditorHeight = 600;

const schemaResolver = zodResolver(articleInputSchema);
/** The shared schema (spec point 5) checks the form, exactly as it checks the request on the server. */
const resolver: Resolver<ArticleFormValues, unknown, ArticleInputParsed> = (
  values,
  context,
  options,
) =>
  schemaResolver(
    toSchemaInput(values) as Parameters<typeof schemaResolver>[0],
    context,
    options as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<ArticleFormValues, unknown, ArticleInputParsed>>;

const formFields = new Set(Object.keys(emptyArticleForm));

function CharacterCount(props: { length: number; max: number }) {
  return (
    <Box component="span" sx={{ color: props.length > props.max ? "error.main" : undefined }}>
      {props.length}/{props.max}
    </Box>
  );
}

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
  const { control, handleSubmit, reset, resetField, setValue, setError, watch, formState } = form;
  const { isDirty, errors } = formState;
  const leaveWarning = useLeaveWarning(isDirty);

  const stored: Article | undefined = loaded.data;
  // Load the stored article into the form once, and again when a newer version arrives while
  // nothing is being edited: unsaved work is never replaced behind the writer's back.
  const loadedVersion = useRef<string | null>(null);
  useEffect(() => {
    if (!stored) return;
    const version = `${stored.id}:${stored.updatedAt}`;
    if (loadedVersion.current === version) return;
    if (loadedVersion.current !== null && form.formState.isDirty) return;
    loadedVersion.current = version;
    reset(toFormValues(stored));
    setEditorKey((key) => key + 1);
  }, [stored, reset, form]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const categoryOptions = useMemo(
    () => flattenCategoryTree(buildCategoryTree(categories.data ?? [])),
    [categories.data],
  );

  const title = watch("title");
  const excerpt = watch("excerpt");
  const content = watch("content");
  const metaTitle = watch("metaTitle");
  const metaDescription = watch("metaDescription");
  const previewDisabled = !title.trim() || htmlTextLength(content) === 0;

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

  const applyServerFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fields) return;
    for (const [field, message] of Object.entries(error.fields)) {
      if (formFields.has(field)) {
        setError(field as keyof ArticleFormValues, { type: "server", message });
      }
    }
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
          reset(toFormValues(article));
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
          applyServerFieldErrors(caught);
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
    return (
      <Box sx={{ textAlign: "center", py: 6 }}>
        <Alert severity="error" sx={{ mb: 3, justifyContent: "center" }}>
          Article not found
        </Alert>
        <Button component={RouterLink} to={dashboardPaths.articles} variant="contained">
          Back to Articles
        </Button>
      </Box>
    );
  }
  if (editMode && loaded.isError) {
    return (
      <Alert severity="error">
        {loaded.error instanceof ApiError && loaded.error.status === 403
          ? `Failed to load article for editing: ${loaded.error.message}`
          : "Failed to load article for editing"}
      </Alert>
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

  const busy = pendingAction !== null;
  const storedStatus = stored?.status ?? null;
  return (
    <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
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
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<VisibilityIcon />}
            disabled={previewDisabled}
            onClick={openPreview}
          >
            Preview
          </Button>
          {editMode && (
            <Button
              variant="outlined"
              startIcon={<HistoryIcon />}
              onClick={() => setRevisionsOpen(true)}
            >
              Revision History
            </Button>
          )}
        </Stack>
      </Stack>

      {categories.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load data. Please refresh and try again.
        </Alert>
      )}

      <Box
        sx={{
          display: "grid",
          gap: 3,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 380px" },
          alignItems: "start",
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={3}>
            <Controller
              name="title"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Title"
                  required
                  fullWidth
                  error={!!errors.title}
                  helperText={
                    <Box component="span" sx={{ display: "flex", justifyContent: "space-between" }}>
                      <span>
                        {errors.title?.message ?? "A clear headline, 10 to 200 characters"}
                      </span>
                      <CharacterCount length={title.length} max={limits.titleMax} />
                    </Box>
                  }
                />
              )}
            />
            <Controller
              name="excerpt"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Excerpt"
                  required
                  fullWidth
                  multiline
                  minRows={3}
                  error={!!errors.excerpt}
                  helperText={
                    <Box component="span" sx={{ display: "flex", justifyContent: "space-between" }}>
                      <span>
                        {errors.excerpt?.message ??
                          "A short summary shown in lists, 50 to 500 characters"}
                      </span>
                      <CharacterCount length={excerpt.length} max={limits.excerptMax} />
                    </Box>
                  }
                />
              )}
            />
            <Box>
              <Typography
                id="article-content-label"
                variant="subtitle1"
                component="h2"
                sx={{ fontWeight: 700 }}
              >
                Article Content *
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Tip: Use the toolbar to format your content. You can add images, videos, links, and
                more!
              </Typography>
              <RichTextEditor
                key={editorKey}
                initialHtml={form.getValues("content")}
                height={articleEditorHeight}
                placeholder="Start writing your article..."
                labelledBy="article-content-label"
                invalid={!!errors.content}
                onChange={(html, fromUser) => {
                  if (fromUser) {
                    setValue("content", html, {
                      shouldDirty: true,
                      shouldValidate: formState.isSubmitted,
                    });
                  } else {
                    // Quill tidies the stored HTML when it loads; that is not an edit.
                    resetField("content", { defaultValue: html });
                  }
                }}
                uploadImage={async (file) => (await uploadArticleImage(file, "inline")).url}
                onImageError={(message) => feedback.show("error", message)}
              />
              <FormHelperText error={!!errors.content} sx={{ mt: 1 }}>
                {errors.content?.message ?? `${htmlTextLength(content)} characters of text`}
              </FormHelperText>
            </Box>
          </Stack>
        </Paper>

        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              Publishing
            </Typography>
            <Stack spacing={2}>
              <Controller
                name="status"
                control={control}
                render={({ field }) => (
                  <TextField {...field} select label="Status" fullWidth size="small">
                    <MenuItem value="draft">Draft</MenuItem>
                    <MenuItem
                      value="published"
                      disabled={!canPublish && storedStatus !== "published"}
                    >
                      Published
                    </MenuItem>
                    {storedStatus === "archived" && <MenuItem value="archived">Archived</MenuItem>}
                  </TextField>
                )}
              />
              {!canPublish && (
                <Typography variant="caption" color="text.secondary">
                  Authors save drafts; an editor or admin publishes them.
                </Typography>
              )}
              <Controller
                name="isFeatured"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        disabled={!canPublish}
                      />
                    }
                    label="Featured article"
                  />
                )}
              />
              <Controller
                name="isPremium"
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                    label="Premium content"
                  />
                )}
              />
              <Divider />
              <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
                <Button variant="outlined" disabled={busy} onClick={() => save("draft")}>
                  {pendingAction === "draft" ? "Saving..." : "Save Draft"}
                </Button>
                <Button variant="contained" disabled={busy} onClick={() => save("save")}>
                  {pendingAction === "save"
                    ? "Saving..."
                    : editMode
                      ? "Update Article"
                      : "Create Article"}
                </Button>
                {editMode && (
                  <Tooltip title={canPublish ? "" : "Only editors and admins can publish articles"}>
                    <span>
                      <Button
                        variant="contained"
                        color="success"
                        disabled={busy || !canPublish}
                        onClick={() => save("publish")}
                      >
                        {pendingAction === "publish" ? "Publishing..." : "Publish"}
                      </Button>
                    </span>
                  </Tooltip>
                )}
              </Stack>
            </Stack>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Stack spacing={2}>
              <Controller
                name="categoryId"
                control={control}
                render={({ field }) => (
                  <TextField
                    {...field}
                    select
                    label="Category"
                    required
                    fullWidth
                    error={!!errors.categoryId}
                    helperText={errors.categoryId?.message}
                    onChange={(event) => {
                      const value = event.target.value as unknown as number | "";
                      field.onChange(value === "" ? "" : Number(value));
                    }}
                  >
                    <MenuItem value="">
                      <em>Select a category</em>
                    </MenuItem>
                    {categoryOptions
                      .filter((category) => category.isActive || category.id === field.value)
                      .map((category) => (
                        <MenuItem
                          key={category.id}
                          value={category.id}
                          sx={{ pl: 2 + category.depth * 2 }}
                        >
                          {category.name}
                        </MenuItem>
                      ))}
                  </TextField>
                )}
              />
              <Controller
                name="tags"
                control={control}
                render={({ field }) => (
                  <TagsField
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.tags?.message}
                  />
                )}
              />
            </Stack>
          </Paper>

          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Controller
              name="featuredImage"
              control={control}
              render={({ field }) => (
                <FeaturedImagePicker value={field.value} onChange={field.onChange} />
              )}
            />
          </Paper>

          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              SEO
            </Typography>
            <Stack spacing={2}>
              <Controller
                name="metaTitle"
                control={control}
                render={({ field }) => (
                  <TextField
                    {...field}
                    label="Meta title"
                    fullWidth
                    size="small"
                    error={!!errors.metaTitle}
                    helperText={
                      <Box
                        component="span"
                        sx={{ display: "flex", justifyContent: "space-between" }}
                      >
                        <span>{errors.metaTitle?.message ?? "Shown in search results"}</span>
                        <CharacterCount length={metaTitle.length} max={limits.metaTitleMax} />
                      </Box>
                    }
                  />
                )}
              />
              <Controller
                name="metaDescription"
                control={control}
                render={({ field }) => (
                  <TextField
                    {...field}
                    label="Meta description"
                    fullWidth
                    size="small"
                    multiline
                    minRows={2}
                    error={!!errors.metaDescription}
                    helperText={
                      <Box
                        component="span"
                        sx={{ display: "flex", justifyContent: "space-between" }}
                      >
                        <span>
                          {errors.metaDescription?.message ?? "The snippet under the link"}
                        </span>
                        <CharacterCount
                          length={metaDescription.length}
                          max={limits.metaDescriptionMax}
                        />
                      </Box>
                    }
                  />
                )}
              />
              <SeoPanel
                title={title}
                metaTitle={metaTitle}
                metaDescription={metaDescription}
                excerpt={excerpt}
              />
            </Stack>
          </Paper>
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
  );
}
