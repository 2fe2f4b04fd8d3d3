import { limits } from "@aurumwire/shared/limits";
import { editorRoles, hasRole } from "@aurumwire/shared/roles";
import ArticleIcon from "@mui/icons-material/Article";
import CampaignIcon from "@mui/icons-material/Campaign";
import EditNoteIcon from "@mui/icons-material/EditNote";
import FavoriteIcon from "@mui/icons-material/Favorite";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import PublishedWithChangesIcon from "@mui/icons-material/PublishedWithChanges";
import VisibilityIcon from "@mui/icons-material/Visibility";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { type ArticleListItem, useAdminArticles, useArticleStats } from "../../api/admin-articles";
import { useArticleDelete } from "../../components/article-delete";
import { ArticleStatusChip } from "../../components/article-status-chip";
import { useFeedback } from "../../components/feedback";
import { NewArticleButton } from "../../components/new-article-button";
import { PageHeading } from "../../components/page-heading";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { formatAge } from "../../lib/dates";
import { formatCount } from "../../lib/numbers";
import { ReviewQueueCard } from "./review-queue-card";
import { SiteAnalytics } from "./site-analytics";

function StatCard(props: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ flex: "1 1 200px" }}>
      <CardContent sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <Box sx={{ color: "primary.main", display: "flex" }}>{props.icon}</Box>
        <Box>
          <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
            {props.value === undefined ? "–" : formatCount(props.value)}
          </Typography>
          <Typography color="text.secondary">{props.label}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Dashboard home: the signed-in writer's own numbers and their 20 latest articles (spec point 2,
 * 'Your Articles'), with View / Edit / Delete.
 */
export function DashboardHome() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const authorId = user?.id;
  const stats = useArticleStats(authorId);
  const articles = useAdminArticles(
    {
      page: 1,
      limit: limits.dashboardPageSize,
      authorId,
      sortBy: "createdAt",
      sortOrder: "desc",
    },
    authorId !== undefined,
  );
  const [menu, setMenu] = useState<{ anchor: HTMLElement; article: ArticleListItem } | null>(null);
  const articleDelete = useArticleDelete(feedback.show);

  const items = articles.data?.articles ?? [];
  return (
    <Box>
      <PageHeading
        title="Dashboard"
        subtitle={user ? `Welcome back, ${user.firstName}.` : undefined}
      >
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: "wrap", gap: 1 }}>
          {hasRole(user, editorRoles) && (
            <Button
              component={RouterLink}
              to={dashboardPaths.campaigns}
              variant="outlined"
              startIcon={<CampaignIcon />}
            >
              Crypto Campaigns
            </Button>
          )}
          <NewArticleButton>Create Article</NewArticleButton>
        </Stack>
      </PageHeading>

      {/* The signed-in writer's own numbers, whatever their role: said so on every card. */}
      <Box
        component="section"
        aria-label="Your numbers"
        sx={{ display: "flex", flexWrap: "wrap", gap: 2, mb: 4 }}
      >
        <StatCard label="Your Articles" value={stats.data?.total} icon={<ArticleIcon />} />
        <StatCard
          label="Your Published"
          value={stats.data?.published}
          icon={<PublishedWithChangesIcon />}
        />
        <StatCard label="Your Views" value={stats.data?.totalViews} icon={<VisibilityIcon />} />
        <StatCard label="Your Drafts" value={stats.data?.drafts} icon={<EditNoteIcon />} />
      </Box>

      <ReviewQueueCard />
      <SiteAnalytics userId={authorId} />

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          Your Articles
        </Typography>
        {(articles.isError || stats.isError) && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Failed to load articles
          </Alert>
        )}
        {articles.isPending && authorId !== undefined && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress aria-label="Loading articles" />
          </Box>
        )}
        {articles.isSuccess && items.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
            No articles yet
          </Typography>
        )}
        <List disablePadding>
          {items.map((article) => (
            <ListItem
              key={article.id}
              divider
              sx={{ alignItems: "flex-start", px: 0 }}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Actions for ${article.title}`}
                  onClick={(event) => setMenu({ anchor: event.currentTarget, article })}
                >
                  <MoreVertIcon />
                </IconButton>
              }
            >
              <Box sx={{ pr: 6, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 0.5 }}>
                  <Typography
                    component={RouterLink}
                    to={dashboardPaths.editArticle(article.id)}
                    sx={{ fontWeight: 700, color: "text.primary", textDecoration: "none" }}
                  >
                    {article.title}
                  </Typography>
                  <ArticleStatusChip
                    status={article.status}
                    publishedAt={article.publishedAt}
                    review={article.review}
                  />
                </Stack>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{
                    display: "-webkit-box",
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: "vertical",
                    overflow: "hidden",
                  }}
                >
                  {article.excerpt}
                </Typography>
                <Stack
                  direction="row"
                  spacing={2}
                  sx={{ mt: 0.5, color: "text.secondary", alignItems: "center" }}
                >
                  <Typography variant="caption">{formatAge(article.createdAt)}</Typography>
                  <Typography
                    variant="caption"
                    sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
                  >
                    <VisibilityIcon sx={{ fontSize: 14 }} /> {article.viewCount} views
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{ display: "flex", alignItems: "center", gap: 0.5 }}
                  >
                    <FavoriteIcon sx={{ fontSize: 14 }} /> {article.likeCount} likes
                  </Typography>
                </Stack>
              </Box>
            </ListItem>
          ))}
        </List>
      </Paper>

      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem
          component="a"
          href={menu ? `/article/${menu.article.slug || menu.article.id}` : undefined}
          target="_blank"
          rel="noopener"
          onClick={() => setMenu(null)}
        >
          View
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) navigate(dashboardPaths.editArticle(menu.article.id));
            setMenu(null);
          }}
        >
          Edit
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) navigate(dashboardPaths.articleAnalytics(menu.article.id));
            setMenu(null);
          }}
        >
          Analytics
        </MenuItem>
        <MenuItem
          sx={{ color: "error.main" }}
          onClick={() => {
            if (menu) articleDelete.ask(menu.article);
            setMenu(null);
          }}
        >
          Delete
        </MenuItem>
      </Menu>

      {articleDelete.dialog}
      {feedback.element}
    </Box>
  );
}
