import type { ArticleStatus } from "@aurumwire/shared/articles";
import { articleStatuses } from "@aurumwire/shared/articles";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import InsightsIcon from "@mui/icons-material/Insights";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import VisibilityIcon from "@mui/icons-material/Visibility";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import type { ArticleListItem } from "../../api/admin-articles";
import { ArticleStatusChip } from "../../components/article-status-chip";
import { CategoryChip } from "../../components/category-chip";
import { SelectRowCell } from "../../components/management-table";
import { RowActionsMenu } from "../../components/row-actions-menu";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatArticleDate } from "../../lib/dates";
import { formatCount } from "../../lib/numbers";

export const statusLabels: Record<ArticleStatus, string> = {
  published: "Published",
  draft: "Draft",
  archived: "Archived",
};

/**
 * One row of Articles Management: title, author, category, the status dropdown (with the review
 * state of a draft in review, decision 265), views, date, the featured star and the actions.
 */
export function ArticleRow(props: {
  article: ArticleListItem;
  editor: boolean;
  selected: boolean;
  onChangeStatus: (next: ArticleStatus) => void;
  onToggleFeatured: () => void;
  onDelete: () => void;
}) {
  const { article, editor, selected, onChangeStatus, onToggleFeatured, onDelete } = props;
  return (
    <TableRow hover selected={selected}>
      <SelectRowCell rowId={article.id} label={article.title} />
      <TableCell sx={{ minWidth: 120, maxWidth: 360 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {article.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {article.excerpt.length > 60 ? `${article.excerpt.slice(0, 60)}...` : article.excerpt}
        </Typography>
      </TableCell>
      <TableCell>
        {article.author.firstName} {article.author.lastName}
      </TableCell>
      <TableCell>
        {article.category ? (
          <CategoryChip category={article.category} sx={{ fontWeight: 600 }} />
        ) : (
          <Chip size="small" label="Uncategorized" variant="outlined" />
        )}
      </TableCell>
      <TableCell>
        <Select
          size="small"
          value={article.status}
          onChange={(event) => onChangeStatus(event.target.value as ArticleStatus)}
          inputProps={{ "aria-label": `Status of ${article.title}` }}
          sx={{ minWidth: 120 }}
          renderValue={(value) => (
            <ArticleStatusChip
              status={value}
              publishedAt={value === article.status ? article.publishedAt : null}
              review={value === article.status ? article.review : null}
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
      <TableCell align="right">{formatCount(article.viewCount)}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatArticleDate(article.publishedAt)}</TableCell>
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
              onClick={onToggleFeatured}
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
              onClick: onDelete,
            },
          ]}
        />
      </TableCell>
    </TableRow>
  );
}
