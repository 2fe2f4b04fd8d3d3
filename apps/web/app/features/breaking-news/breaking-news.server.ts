import type { AppLoadContext } from "react-router";

/**
 * Loader helper: the breaking-news ticker from the server's service (no HTTP), for the first
 * server-rendered paint. A failure is logged and leaves the ticker to load in the browser.
 */
export async function loadBreakingNews(context: AppLoadContext) {
  try {
    return await context.services.breakingNews.getTicker();
  } catch (error) {
    console.error("Could not load the breaking-news ticker:", error);
    return null;
  }
}
