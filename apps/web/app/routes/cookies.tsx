import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/cookies";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Cookie Policy",
    description: "The cookies and browser storage AurumWire uses, and how to control them.",
    path: "/cookies",
  });

const cookieTypes = [
  {
    type: "Essential",
    purpose: "Keep you signed in and protect forms and accounts from abuse.",
    examples: "Login token (local storage)",
    duration: "Until you log out",
  },
  {
    type: "Analytics",
    purpose: "Count article views once per reader, without identifying you.",
    examples: "View session id (session storage); anonymous visitor id aw_vid (cookie)",
    duration: "Until the tab is closed; the cookie 12 months",
  },
  {
    type: "Functional",
    purpose: "Remember choices such as your preferred display settings.",
    examples: "Display preferences",
    duration: "Up to 12 months",
  },
  {
    type: "Advertising",
    purpose: "Measure how sponsored placements perform, in aggregate only.",
    examples: "Campaign impression counters",
    duration: "Up to 90 days",
  },
];

export default function CookiesPage() {
  return (
    <StaticPage title="Cookie Policy" showUpdated>
      <p>
        Cookies and similar browser storage help a website remember things between pages. This page
        lists the four types AurumWire may use and what each is for.
      </p>
      <h2>Types of cookies</h2>
      <div className="aw-table-wrap aw-table-wrap--stack">
        <table className="aw-table aw-table--stack">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Purpose</th>
              <th scope="col">Examples</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            {cookieTypes.map((cookie) => (
              <tr key={cookie.type}>
                <th scope="row">
                  <strong>{cookie.type}</strong>
                </th>
                <td data-label="Purpose">{cookie.purpose}</td>
                <td data-label="Examples">{cookie.examples}</td>
                <td data-label="Duration">{cookie.duration}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Your choices</h2>
      <p>
        You can clear or block cookies and site storage in your browser settings. Essential storage
        is needed to stay signed in; everything else is optional and the site works without it.
      </p>
    </StaticPage>
  );
}
