import { Link } from "react-router";
import { StaticPage } from "../features/static-pages/static-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/privacy";

/** The desk's e-mail address, when an admin has set one (Site Settings). */
export async function loader({ context }: Route.LoaderArgs) {
  const { contactEmail } = await context.services.publicSettings.contactDetails();
  return { contactEmail };
}

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
          <strong>Reading activity</strong>: which articles are viewed, counted per browser tab so
          that one reader is not counted many times. This count is anonymous.
        </li>
        <li>
          <strong>Technical data</strong>: IP address and browser type in server logs, kept for
          security and troubleshooting.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To run your account, to show which articles readers find useful, to keep the service secure,
        and to meet legal obligations. We do not sell personal information.
      </p>
      <h2>Storage in your browser</h2>
      <p>
        Signing in stores a login token in your browser's local storage; view counting uses a random
        identifier in session storage that disappears when you close the tab. See our{" "}
        <Link to="/cookies">cookie policy</Link> for details.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account exists. Server logs are kept for up to 30 days.
        Anonymous view counts are kept as long as the article is published.
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
