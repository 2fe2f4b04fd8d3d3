import { Link } from "react-router";
import { loadContactEmail } from "../features/static-pages/contact-email.server";
import { StaticPage } from "../features/static-pages/static-page";
import { readingPage } from "../lib/reading-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/privacy";

/** Scripts start after the content has painted (decision 150). */
export const handle = readingPage;

export const loader = loadContactEmail;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Privacy Policy",
    description: "What AurumWire collects, why, how long we keep it, and the choices you have.",
    path: "/privacy",
  });

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  return (
    <StaticPage title="Privacy Policy" showUpdated>
      <p>
        This policy explains what personal information AurumWire collects when you read the site or
        use an account, why we collect it, and what you can do about it.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong> you give us: name, email address and, for staff, profile
          information such as a short biography.
        </li>
        <li>
          <strong>Reading activity</strong>: which articles are viewed, counted once per reader and
          day. We never store your IP address: for a reader who is not signed in, the server keeps
          only a hash of address and browser type salted with the day, which cannot be turned back
          into the address and does not link your reading across days; when you are signed in, your
          account. Search engines, link previews and other known bots are not counted.
        </li>
        <li>
          <strong>Technical data</strong>: IP address and browser type in server logs, kept for
          security and troubleshooting.
        </li>
      </ul>
      <h2>Article analytics</h2>
      <p>
        Our newsroom sees how its articles are read, as totals only. For every article we keep, per
        hour and per day: the number of views; how readers arrived (from a search engine, a social
        network, another website, our newsletter, our own pages, or directly), naming only the other
        site and never the address of the page you came from; whether the end of the article was
        reached; and how long the page stayed open, in bands such as 1 to 3 minutes. These figures
        contain no identifier, address or cookie value, so they cannot be traced back to you.
      </p>
      <p>
        The signals come from a small script of our own on the article page, sent to our own server
        once per counted view. No third-party analytics service receives anything, and analytics
        sets no cookie of its own.
      </p>
      <h2>Why we use it</h2>
      <p>
        To run your account, to show which articles readers find useful, to keep the service secure,
        and to meet legal obligations. We do not sell personal information.
      </p>
      <h2>Storage in your browser</h2>
      <p>
        Signing in stores a login token in your browser's local storage. View counting uses a random
        identifier in session storage that disappears when you close the tab, and an anonymous
        cookie (aw_vid, sent only to our article API) holding the hashed visitor id described above,
        so a reader who changes networks is not counted twice. See our{" "}
        <Link to="/cookies">cookie policy</Link> for details.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account exists. Server logs are kept for up to 30 days.
        Anonymous view counts and article analytics are kept as long as the article exists.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, or object to how we use
        it.{" "}
        {contactEmail ? (
          <>
            Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </>
        ) : (
          <>
            Write to us through the <Link to="/contact">contact page</Link>
          </>
        )}{" "}
        and we will answer within 30 days.
      </p>
    </StaticPage>
  );
}
