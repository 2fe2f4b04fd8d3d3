import { adminStatusFilters } from "@aurumwire/shared/article-review";
import type { ArticleStatus } from "@aurumwire/shared/articles";
import { limits } from "@aurumwire/shared/limits";
import { isEditor } from "@aurumwire/shared/roles";
import AutoAwesomeIcon from "@mui/icons-material/AutoAwesome";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  type AdminArticleQuery,
  type ArticleListItem,
  useAdminArticles,
  useSaveArticle,
} from "../../api/admin-articles";
import { useAdminCategories } from "../../api/admin-categories";
import { useArticleDelete } from "../../components/article-delete";
import { useFeedback } from "../../components/feedback";
import { ManagementTable } from "../../components/management-table";
import { PageHeading } from "../../components/page-heading";
import { ScreenTabs } from "../../components/screen-tabs";
import { useAuth } from "../../lib/auth-context";
import { useDebouncedSearch } from "../../lib/use-debounced-search";
import { AiGenerator } from "./ai-generator";
import { ArticleFilters, type FeaturedFilter, type StatusFilter } from "./article-filters";
import { ArticleRow } from "./article-row";
import { BulkImagesDialog } from "./bulk-images-dialog";

/** `?status=review` opens the Review queue (the dashboard's count links there, decision 265). */
function statusFromAddress(value: string | null): StatusFilter {
  return (adminStatusFilters as readonly string[]).includes(value ?? "")
    ? (value as StatusFilter)
    : "all";
}

/** Articles Management (spec point 2): the list with search, filters, inline status and featured. */
export function ArticlesManagement() {
  const { user } = useAuth();
  const editor = isEditor(user);
  const feedback = useFeedback();
  const [tab, setTab] = useState<"all" | "ai">("all");
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFromAddress(searchParams.get("status"));
  const setStatus = (next: StatusFilter) =>
    setSearchParams(
      (params) => {
        if (next === "all") params.delete("status");
        else params.set("status", next);
        return params;
      },
      { replace: true },
    );
  const [categoryId, setCategoryId] = useState<number | "all">("all");
  const [featured, setFeatured] = useState<FeaturedFilter>("all");
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(limits.defaultPageSize);
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
  // The last row of a page is gone: step back so the table is not empty.
  const articleDelete = useArticleDelete(feedback.show, () => {
    if ((articles.data?.articles.length ?? 0) <= 1 && page > 0) setPage(page - 1);
  });

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

  const rows = articles.data?.articles ?? [];
  const total = articles.data?.pagination.total ?? 0;

  return (
    <Box>
      <PageHeading title="Articles Management" />
      <ScreenTabs value={tab} onChange={setTab} sx={{ mb: 3 }}>
        <Tab value="all" label="All Articles" />
        <Tab value="ai" label="AI Generator" />
      </ScreenTabs>

      {tab === "ai" ? (
        <AiGenerator />
      ) : (
        <>
          <ArticleFilters
            search={{
              input: searchInput,
              setInput: setSearchInput,
              apply: applySearch,
              pending: searchPending,
            }}
            status={status}
            onStatusChange={(next) => {
              setStatus(next);
              setPage(0);
            }}
            categories={categories.data ?? []}
            categoryId={categoryId}
            onCategoryChange={(next) => {
              setCategoryId(next);
              setPage(0);
            }}
            featured={featured}
            onFeaturedChange={(next) => {
              setFeatured(next);
              setPage(0);
            }}
            onOpenBatches={() => setImagesDialog("batches")}
          />

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
              <ArticleRow
                key={article.id}
                article={article}
                editor={editor}
                selected={selected.includes(article.id)}
                onChangeStatus={(next) => changeStatus(article, next)}
                onToggleFeatured={() => toggleFeatured(article)}
                onDelete={() => articleDelete.ask(article)}
              />
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
      {articleDelete.dialog}
      {feedback.element}
    </Box>
  );
}
