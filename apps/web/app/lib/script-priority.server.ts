/**
 * The page's scripts wait for its content (decision 150). React Router preloads every module of
 * the page from <head> (`<link rel="modulepreload">`), which browsers fetch at high priority, ahead
 * of the LCP image and in competition with the first paint on a slow phone connection. The page is
 * server-rendered and readable without them: they only make it interactive. So each module
 * preload in <head> asks for low priority; the LCP image keeps its `fetchpriority="high"`.
 */
const modulePreload = Buffer.from('rel="modulepreload"');
const lowPriority = Buffer.from(' fetchpriority="low"');
const headEnd = Buffer.from("</head>");

export function lowerModulePreloadPriority(page: Buffer): Buffer {
  const end = page.indexOf(headEnd);
  if (end < 0) return page;
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = page.indexOf(modulePreload); at >= 0 && at < end; ) {
    const after = at + modulePreload.length;
    parts.push(page.subarray(from, after), lowPriority);
    from = after;
    at = page.indexOf(modulePreload, after);
  }
  if (parts.length === 0) return page;
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}
