/**
 * The handle of a reading page: a page a reader comes to read (the home, an article, the lists,
 * /markets, the static pages, /landing), as against one they come to fill in (login, contact,
 * profile) or work in (the dashboard). Such a page is whole and readable as the server sends it;
 * its scripts only make it interactive, so they start after its content has painted
 * (`startScriptsAfterContent` in script-priority.server.ts, decision 150).
 *
 *   export const handle = readingPage;
 */
export const readingPage = { scriptsAfterContent: true } as const;
