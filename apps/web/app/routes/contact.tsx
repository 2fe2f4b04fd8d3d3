import { withMuiTheme } from "../components/mui-theme";
import { ContactForm } from "../features/contact/contact-form";
import { loadContactEmail } from "../features/static-pages/contact-email.server";
import { StaticPage } from "../features/static-pages/static-page";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/contact";

export const loader = loadContactEmail;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Contact Us",
    description: "Send the AurumWire newsroom a tip, a correction or a question.",
    path: "/contact",
  });

const faqs = [
  {
    question: "How do I send the newsroom a tip?",
    answer:
      "Use the form on this page with 'Tip' in the subject. Include links or transaction hashes where you can; we verify every tip before reporting on it.",
  },
  {
    question: "I found a mistake in an article. What now?",
    answer:
      "Tell us which article and what is wrong. Our editors review every correction request and update the article with a note when a fix is needed.",
  },
  {
    question: "Can I write for AurumWire?",
    answer:
      "We welcome pitches from writers with crypto expertise. Send a short outline and two samples of your published work.",
  },
  {
    question: "How do I advertise?",
    answer:
      "See our advertise page for formats and packages, or write to us with 'Advertising' in the subject.",
  },
];

function ContactPage({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  return (
    <StaticPage
      title="Contact Us"
      lead="Questions, tips, corrections or partnership ideas: we read every message."
    >
      {contactEmail ? (
        <p>
          Email us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or use the form below.
        </p>
      ) : (
        <p>Use the form below.</p>
      )}
      <ContactForm />
      <h2>Frequently asked questions</h2>
      <div className="aw-faq">
        {faqs.map((faq) => (
          <details key={faq.question}>
            <summary>{faq.question}</summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
    </StaticPage>
  );
}

export default withMuiTheme(ContactPage);
