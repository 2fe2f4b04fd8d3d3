import {
  type AdminStatusFilter,
  reviewStateLabels,
  reviewStates,
} from "@aurumwire/shared/article-review";
import { articleStatuses } from "@aurumwire/shared/articles";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import { CategorySelect } from "../../components/category-select";
import { SearchField } from "../../components/form/search-field";
import { SelectField, type SelectOption } from "../../components/form/select-field";
import { NewArticleButton } from "../../components/new-article-button";
import { statusLabels } from "./article-row";

export type StatusFilter = AdminStatusFilter;
export type FeaturedFilter = "all" | "featured" | "not-featured";

const statusOptions: SelectOption<StatusFilter>[] = [
  { value: "all", label: "All" },
  ...articleStatuses.map((value) => ({ value, label: statusLabels[value] })),
  ...reviewStates.map((state) => ({
    value: state === "in_review" ? ("review" as const) : state,
    label: reviewStateLabels[state],
  })),
];

const featuredOptions: SelectOption<FeaturedFilter>[] = [
  { value: "all", label: "All" },
  { value: "featured", label: "Featured only" },
  { value: "not-featured", label: "Not featured" },
];

/** Articles Management's search and filters; the status filter has the review states (265). */
export function ArticleFilters(props: {
  search: { input: string; setInput: (value: string) => void; apply: () => void; pending: boolean };
  status: StatusFilter;
  onStatusChange: (next: StatusFilter) => void;
  categories: Parameters<typeof CategorySelect>[0]["categories"];
  categoryId: number | "all";
  onCategoryChange: (next: number | "all") => void;
  featured: FeaturedFilter;
  onFeaturedChange: (next: FeaturedFilter) => void;
  onOpenBatches: () => void;
}) {
  const { search, status, onStatusChange, categories, categoryId, onCategoryChange } = props;
  const { featured, onFeaturedChange, onOpenBatches } = props;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack
        direction={{ xs: "column", md: "row" }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { md: "center" }, flexWrap: "wrap" }}
      >
        <SearchField
          label="Search articles"
          value={search.input}
          onInput={search.setInput}
          onApply={search.apply}
          sx={{ flex: 1, minWidth: 220 }}
        />
        <SelectField
          size="small"
          label="Status"
          value={status}
          onChange={onStatusChange}
          options={statusOptions}
          sx={{ minWidth: 190 }}
        />
        <CategorySelect
          categories={categories}
          size="small"
          label="Category"
          value={categoryId}
          onChange={onCategoryChange}
          emptyOption={{ value: "all", label: "All" }}
          sx={{ minWidth: 180 }}
        />
        <SelectField
          size="small"
          label="Featured"
          value={featured}
          onChange={onFeaturedChange}
          options={featuredOptions}
          sx={{ minWidth: 160 }}
        />
        {/* The filters apply as they are chosen; Apply is for the typed search before its
            500 ms pause, so it is enabled only while typed text waits (decision 133). */}
        <Tooltip
          title={
            search.pending
              ? "Apply the search now"
              : "Filters apply as you choose them; type a search to apply it"
          }
        >
          <span>
            <Button
              variant="outlined"
              sx={{ flexShrink: 0 }}
              disabled={!search.pending}
              onClick={search.apply}
            >
              Apply
            </Button>
          </span>
        </Tooltip>
        <Button
          variant="outlined"
          sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
          onClick={onOpenBatches}
        >
          Image batches
        </Button>
        <NewArticleButton sx={{ whiteSpace: "nowrap", flexShrink: 0 }}>
          New Article
        </NewArticleButton>
      </Stack>
    </Paper>
  );
}
