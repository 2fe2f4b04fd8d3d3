import { Link } from "react-router";
import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/terms";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Terms of Service",
    description: "The terms for using AurumWire's website, accounts and content.",
    path: "/terms",
  });

export default function TermsPage() {
  return (
    <StaticPage title="Terms of Service" showUpdated>
      <p>
        By using AurumWire you agree to these terms. Please read them together with our{" "}
        <Link to="/privacy">privacy policy</Link> and <Link to="/disclaimer">disclaimer</Link>.
      </p>
      <h2>Our content</h2>
      <p>
        Articles, images and data on AurumWire are provided for information only. You may share
        links and short quotations with attribution. Republishing whole articles requires our
        written permission.
      </p>
      <h2>Accounts</h2>
      <p>
        Keep your login details safe and tell us if you think your account has been used by someone
        else. We may suspend accounts that break these terms or put other users at risk.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>Do not try to break, overload or probe the service.</li>
        <li>Do not scrape the site in a way that harms its performance; use our public API.</li>
        <li>Do not use the service for anything unlawful.</li>
      </ul>
      <h2>No advice, no warranty</h2>
      <p>
        Our content is not financial advice. The service is provided as it is, and we do not
        guarantee that it will always be available, complete or free of errors.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms. The date at the top of this page shows when they last changed.
      </p>
    </StaticPage>
  );
}
