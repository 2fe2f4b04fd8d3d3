import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/disclaimer";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Disclaimer",
    description:
      "AurumWire's content is for information only and is not financial advice. Understand the risks of crypto.",
    path: "/disclaimer",
  });

export default function DisclaimerPage() {
  return (
    <StaticPage title="Disclaimer" showUpdated>
      <div className="aw-warning-banner" role="note">
        <span aria-hidden="true" style={{ fontSize: 22 }}>
          ⚠
        </span>
        <div>
          <strong>Not financial advice.</strong> Cryptocurrencies are highly volatile and risky. You
          can lose some or all of the money you invest. Never invest more than you can afford to
          lose.
        </div>
      </div>
      <h2>Information only</h2>
      <p>
        Everything published on AurumWire, including articles, analysis, prices and charts, is for
        general information. It is not investment, financial, legal or tax advice, and it does not
        take your personal situation into account.
      </p>
      <h2>Do your own research</h2>
      <p>
        Before making any financial decision, research it yourself and consider speaking to a
        qualified, independent adviser. Past performance is not a guide to future results.
      </p>
      <h2>Accuracy of data</h2>
      <p>
        Prices and market data may be delayed, incomplete or sample data where a live source is not
        available; such data is labelled. We work to keep content accurate but cannot guarantee it.
      </p>
      <h2>Sponsored content and conflicts</h2>
      <p>
        Sponsored content is always labelled. Writers must disclose holdings in assets they cover,
        and they may not trade an asset around the publication of their own article about it.
      </p>
    </StaticPage>
  );
}
