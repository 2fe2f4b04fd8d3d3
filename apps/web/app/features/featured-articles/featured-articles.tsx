import { limits } from "@aurumwire/shared/limits";
import StarIcon from "@mui/icons-material/Star";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { type ArticleListItem, useAdminArticles, useSaveArticle } from "../../api/admin-articles";
import { CategoryChip } from "../../components/category-chip";
import { useFeedback } from "../../components/feedback";
import { PageHeading } from "../../components/page-heading";
import { formatArticleDate } from "../../lib/dates";

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * Featured Articles (editors and admins): the 50 latest published articles by publish date, each
 * with a featured switch; the featured ones are shown as cards on top.
 */
export function FeaturedArticles() {
  const feedback = useFeedback();
  const articles = useAdminArticles({
    page: 1,
    limit: limits.featuredListSize,
    status: "published",
    sortBy: "publishedAt",
    sortOrder: "desc",
  });
  const save = useSaveArticle();
  const items = articles.data?.articles ?? [];
  const featured = items.filter((article) => article.isFeatured);

  const toggle = async (article: ArticleListItem) => {
    try {
      await save.mutateAsync({ id: article.id, body: { isFeatured: !article.isFeatured } });
      feedback.show(
        "success",
        `Article ${article.isFeatured ? "unfeatured" : "featured"} successfully`,
      );
    } catch {
      feedback.show("error", "Failed to update featured status");
    }
  };

  return (
    <Box>
      <PageHeading
        title="Featured Articles"
        subtitle="Choose which published articles are featured on the site."
      />
      {articles.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load articles
        </Alert>
      )}
      {articles.isPending && <Typography>Loading articles...</Typography>}

      {articles.isSuccess && (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Currently Featured ({featured.length})
          </Typography>
          {featured.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 4 }}>
              No featured articles yet. Switch one on in the list below.
            </Typography>
          ) : (
            <Box
              sx={{
                display: "grid",
                gap: 2,
                gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
                mb: 4,
              }}
            >
              {featured.map((article) => (
                <Card key={article.id} variant="outlined">
                  {article.featuredImage && (
                    <CardMedia
                      component="img"
                      image={article.featuredImage}
                      alt=""
                      sx={{ aspectRatio: "2 / 1" }}
                    />
                  )}
                  <CardContent>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
                      <StarIcon sx={{ color: "primary.main" }} fontSize="small" />
                      <Typography sx={{ fontWeight: 700 }}>{article.title}</Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {cut(article.excerpt, limits.featuredCardExcerpt)}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
          )}

          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Published Articles
          </Typography>
          <Paper variant="outlined">
            {items.length === 0 && (
              <Typography color="text.secondary" sx={{ p: 3 }}>
                No published articles yet.
              </Typography>
            )}
            <List disablePadding>
              {items.map((article) => (
                <ListItem
                  key={article.id}
                  divider
                  secondaryAction={
                    <Switch
                      edge="end"
                      checked={article.isFeatured}
                      onChange={() => toggle(article)}
                      slotProps={{ input: { "aria-label": `Featured: ${article.title}` } }}
                    />
                  }
                >
                  <Box sx={{ pr: 8, minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                      <Typography sx={{ fontWeight: 700 }}>{article.title}</Typography>
                      {article.category && <CategoryChip category={article.category} />}
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {cut(article.excerpt, limits.featuredListExcerpt)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      Published {formatArticleDate(article.publishedAt)} ·{" "}
                      {article.author.firstName} {article.author.lastName}
                    </Typography>
                  </Box>
                </ListItem>
              ))}
            </List>
          </Paper>
        </>
      )}
      {feedback.element}
    </Box>
  );
}
