import type { ArticleStatus } from "@aurumwire/shared/articles";
import { articleStatuses } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { isEditor } from "@aurumwire/shared/roles";
import AddIcon from "@mui/icons-material/Add";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import InsightsIcon from "@mui/icons-material/Insights";
import SearchIcon from "@mui/icons-material/Search";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import VisibilityIcon from "@mui/icons-material/Visibility";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import {
  type AdminArticleQuery,
  type ArticleListItem,
  useAdminArticles,
  useDeleteArticle,
  useSaveArticle,
} from "../../api/admin-articles";
import { useAdminCategories } from "../../api/admin-categories";
import { ArticleStatusChip } from "../../components/article-status-chip";
import { CategorySelect } from "../../components/category-select";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { ManagementTable, RowActionsMenu, SelectRowCell } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { useAuth } from "../../lib/auth-context";
import { readableTextColor } from "../../lib/contrast";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatArticleDate } from "../../lib/dates";
import { useDebouncedSearch } from "../../lib/use-debounced-search";
import { AiGenerator } from "./ai-generator";
import { BulkImagesDialog } from "./bulk-images-dialog";

type StatusFilter = ArticleStatus | "all";
type FeaturedFilter = "all" | "featured" | "not-featured";

const statusLabels: Record<ArticleStatus, string> = {
  published: "Published",
  draft: "Draft",
  archived: "Archived",
};

/** Articles Management (spec point 2): the list with search, filters, inline status and featured. */
export function ArticlesManagement() {
  const { user } = useAuth();
  const editor = isEditor(user);
  const feedback = useFeedback();
  const [tab, setTab] = useState<"all" | "ai">("all");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [categoryId, setCategoryId] = useState<number | "all">("all");
  const [featured, setFeatured] = useState<FeaturedFilter>("all");
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(limits.defaultPageSize);
  const [toDelete, setToDelete] = useState<ArticleListItem | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [imagesDialog, setImagesDialog] = useState<"new" | "batches" | null>(null);

  // Spec: the search applies on Enter and by itself 500 ms after typing stops, back to page 1.
  const {
    input: searchInput,
    setInput: setSearchInput,
    search,
    applyNow: applySearch,
  } = useDebouncedSearch(() => setPage(0));
  const searchPending = searchInput.trim() !== search;

  const query: AdminArticleQuery = {
    page: page + 1,
    limit: rowsPerPage,
    search: search || undefined,
    status: status === "all" ? undefined : status,
    categoryId: categoryId === "all" ? undefined : categoryId,
    featured: featured === "all" ? undefined : featured === "featured",
    sortBy: "createdAt",
    sortOrder: "desc",
  };
  const articles = useAdminArticles(query);
  const categories = useAdminCategories();
  const saveArticle = useSaveArticle();
  const deleteArticle = useDeleteArticle();

  const changeStatus = async (article: ArticleListItem, next: ArticleStatus) => {
    if (next === article.status) return;
    try {
      // Spec point 4: moving to published also sends publishedAt as the current time.
      const body =
        next === "published"
          ? { status: next, publishedAt: new Date().toISOString() }
          : { status: next };
      await saveArticle.mutateAsync({ id: article.id, body });
      feedback.show("success", `Article status changed to ${next}`);
    } catch {
      feedback.show("error", "Failed to update article status");
    }
  };

  const toggleFeatured = async (article: ArticleListItem) => {
    try {
      await saveArticle.mutateAsync({ id: article.id, body: { isFeatured: !article.isFeatured } });
      feedback.show(
        "success",
        `Article ${article.isFeatured ? "unfeatured" : "featured"} successfully`,
      );
    } catch {
      feedback.show("error", "Failed to update article");
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteArticle.mutateAsync(toDelete.id);
      feedback.show("success", "Article deleted successfully");
      // The last row of a page is gone: step back so the table is not empty.
      if ((articles.data?.articles.length ?? 0) <= 1 && page > 0) setPage(page - 1);
    } catch {
      feedback.show("error", "Failed to delete article");
    } finally {
      setToDelete(null);
    }
  };

  const rows = articles.data?.articles ?? [];
  const total = articles.data?.pagination.total ?? 0;

  return (
    <Box>
      <PageHeading title="Articles Management" />
      <Tabs value={tab} onChange={(_event, value) => setTab(value)} sx={{ mb: 3 }}>
        <Tab value="all" label="All Articles" />
        <Tab value="ai" label="AI Generator" />
      </Tabs>

      {tab === "ai" ? (
        <AiGenerator />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            <Stack
              direction={{ xs: "column", md: "row" }}
              spacing={2}
              useFlexGap
              sx={{ alignItems: { md: "center" }, flexWrap: "wrap" }}
            >
              <TextField
                size="small"
                label="Search articles"
                value={searchInput}
                onChange={(event) => setSearchInput(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") applySearch();
                }}
                sx={{ flex: 1, minWidth: 220 }}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <TextField
                select
                size="small"
                label="Status"
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as StatusFilter);
                  setPage(0);
                }}
                sx={{ minWidth: 140 }}
              >
                <MenuItem value="all">All</MenuItem>
                {articleStatuses.map((value) => (
                  <MenuItem key={value} value={value}>
                    {statusLabels[value]}
                  </MenuItem>
                ))}
              </TextField>
              <CategorySelect
                categories={categories.data ?? []}
                size="small"
                label="Category"
                value={categoryId}
                onChange={(value) => {
                  setCategoryId(value);
                  setPage(0);
                }}
                emptyOption={{ value: "all", label: "All" }}
                sx={{ minWidth: 180 }}
              />
              <TextField
                select
                size="small"
                label="Featured"
                value={featured}
                onChange={(event) => {
                  setFeatured(event.target.value as FeaturedFilter);
                  setPage(0);
                }}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="all">All</MenuItem>
                <MenuItem value="featured">Featured only</MenuItem>
                <MenuItem value="not-featured">Not featured</MenuItem>
              </TextField>
              {/* The filters apply as they are chosen; Apply is for the typed search before its
                  500 ms pause, so it is enabled only while typed text waits (decision 133). */}
              <Tooltip
                title={
                  searchPending
                    ? "Apply the search now"
                    : "Filters apply as you choose them; type a search to apply it"
                }
              >
                <span>
                  <Button
                    variant="outlined"
                    sx={{ flexShrink: 0 }}
                    disabled={!searchPending}
                    onClick={applySearch}
                  >
                    Apply
                  </Button>
                </span>
              </Tooltip>
              <Button
                variant="outlined"
                sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
                onClick={() => setImagesDialog("batches")}
              >
                Image batches
              </Button>
              <Button
                component={RouterLink}
                to={dashboardPaths.createArticle}
                variant="contained"
                startIcon={<AddIcon />}
                sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
              >
                New Article
              </Button>
            </Stack>
          </Paper>

          {articles.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Failed to load articles
            </Alert>
          )}

          {/* Eight columns beside a 280 px drawer: tighter side padding keeps Actions in view on a laptop. */}
          <ManagementTable
            label="Articles"
            dense
            columns={[
              { label: "Title" },
              { label: "Author" },
              { label: "Category" },
              { label: "Status" },
              { label: "Views", align: "right" },
              { label: "Published" },
              { label: "Featured", align: "center" },
              { label: "Actions", align: "right" },
            ]}
            selection={{
              selected,
              pageIds: rows.map((article) => article.id),
              onChange: setSelected,
              actions: (
                <>
                  <Button
                    size="small"
                    variant="contained"
                    startIcon={<AutoAwesomeIcon />}
                    onClick={() => setImagesDialog("new")}
                  >
                    Generate images
                  </Button>
                  <Button size="small" onClick={() => setSelected([])}>
                    Clear selection
                  </Button>
                </>
              ),
            }}
            loading={{ active: articles.isPending, text: "Loading articles..." }}
            empty={{
              active: articles.isSuccess && rows.length === 0,
              text: "No articles found. Create your first article!",
            }}
            pagination={{
              count: total,
              page,
              rowsPerPage,
              rowsPerPageOptions: [5, 10, 25, 50],
              onPageChange: setPage,
              onRowsPerPageChange: (next) => {
                setRowsPerPage(next);
                setPage(0);
              },
            }}
          >
            {rows.map((article) => (
              <TableRow key={article.id} hover selected={selected.includes(article.id)}>
                <SelectRowCell rowId={article.id} label={article.title} />
                <TableCell sx={{ minWidth: 120, maxWidth: 360 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {article.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {article.excerpt.length > 60
                      ? `${article.excerpt.slice(0, 60)}...`
                      : article.excerpt}
                  </Typography>
                </TableCell>
                <TableCell>
                  {article.author.firstName} {article.author.lastName}
                </TableCell>
                <TableCell>
                  {article.category ? (
                    <Chip
                      size="small"
                      label={article.category.name}
                      sx={{
                        bgcolor: article.category.color,
                        color: readableTextColor(article.category.color),
                        fontWeight: 600,
                      }}
                    />
                  ) : (
                    <Chip size="small" label="Uncategorized" variant="outlined" />
                  )}
                </TableCell>
                <TableCell>
                  <Select
                    size="small"
                    value={article.status}
                    onChange={(event) => changeStatus(article, event.target.value as ArticleStatus)}
                    inputProps={{ "aria-label": `Status of ${article.title}` }}
                    sx={{ minWidth: 120 }}
                    renderValue={(value) => (
                      <ArticleStatusChip
                        status={value}
                        publishedAt={value === article.status ? article.publishedAt : null}
                      />
                    )}
                  >
                    {articleStatuses.map((value) => (
                      <MenuItem
                        key={value}
                        value={value}
                        // Authors write drafts; publishing is for editors and admins.
                        disabled={!editor && value === "published" && article.status !== value}
                      >
                        {statusLabels[value]}
                      </MenuItem>
                    ))}
                  </Select>
                </TableCell>
                <TableCell align="right">{article.viewCount.toLocaleString("en-US")}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {formatArticleDate(article.publishedAt)}
                </TableCell>
                <TableCell align="center">
                  <Tooltip
                    title={
                      editor
                        ? article.isFeatured
                          ? "Unfeature"
                          : "Feature"
                        : "Only editors and admins can feature articles"
                    }
                  >
                    <span>
                      <IconButton
                        size="small"
                        disabled={!editor}
                        onClick={() => toggleFeatured(article)}
                        aria-label={`${article.isFeatured ? "Unfeature" : "Feature"} ${article.title}`}
                        aria-pressed={article.isFeatured}
                        sx={{ color: article.isFeatured ? "primary.main" : undefined }}
                      >
                        {article.isFeatured ? <StarIcon /> : <StarBorderIcon />}
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  <Tooltip title="Edit">
                    <IconButton
                      size="small"
                      component={RouterLink}
                      to={dashboardPaths.editArticle(article.id)}
                      aria-label={`Edit ${article.title}`}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <RowActionsMenu
                    label={article.title}
                    actions={[
                      {
                        label: "View",
                        icon: <VisibilityIcon fontSize="small" />,
                        href: `/article/${article.slug || article.id}`,
                      },
                      {
                        label: "Analytics",
                        icon: <InsightsIcon fontSize="small" />,
                        to: `${dashboardPaths.articleAnalytics(article.id)}?from=articles`,
                      },
                      {
                        label: "Delete",
                        icon: <DeleteIcon fontSize="small" />,
                        color: "error",
                        onClick: () => setToDelete(article),
                      },
                    ]}
                  />
                </TableCell>
              </TableRow>
            ))}
          </ManagementTable>
        </>
      )}

      <BulkImagesDialog
        open={imagesDialog !== null}
        mode={imagesDialog ?? "new"}
        articleIds={selected}
        onClose={() => setImagesDialog(null)}
        onStarted={() => setSelected([])}
      />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete article"
        message={`Are you sure you want to delete "${toDelete?.title ?? ""}"? This action cannot be undone.`}
        busy={deleteArticle.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      {feedback.element}
    </Box>
  );
}
