/**
 * Every dashboard route, in one typed table: links and redirects use these names, so a renamed
 * route is one change and a mistyped link a type error. The menu (features/dashboard/menu.ts)
 * and the route config (routes.ts) name the same paths.
 */
export const dashboardPaths = {
  home: "/dashboard",
  profile: "/dashboard/profile",
  articles: "/dashboard/articles",
  createArticle: "/dashboard/articles/create",
  article: (id: number) => `/dashboard/articles/${id}`,
  editArticle: (id: number) => `/dashboard/articles/${id}/edit`,
  articleAnalytics: (id: number) => `/dashboard/articles/${id}/analytics`,
  articleLive: (id: number) => `/dashboard/articles/${id}/live`,
  featuredArticles: "/dashboard/featured-articles",
  apiKeys: "/dashboard/api-keys",
  campaigns: "/dashboard/campaigns",
  syndicationLog: "/dashboard/campaigns/syndication",
  categories: "/dashboard/categories",
  landingPage: "/dashboard/landing-page",
  users: "/dashboard/users",
  siteSettings: "/dashboard/site-settings",
  subscribers: "/dashboard/subscribers",
  messages: "/dashboard/messages",
} as const;
