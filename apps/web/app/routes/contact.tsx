import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { sendContactMessage } from "../api/contact";
import { withMuiTheme } from "../components/mui-theme";
import { StaticPage } from "../features/static-pages/static-page";
import { ApiError } from "../lib/api-client";
import { seoMeta } from "../lib/seo";
import type { Route } from "./+types/contact";

/** The desk's e-mail address, when an admin has set one (Site Settings). */
export async function loader({ context }: Route.LoaderArgs) {
  const { contactEmail } = await context.services.publicSettings.contactDetails();
  return { contactEmail };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    matches,
    title: "Contact Us",
    description: "Send the AurumWire newsroom a tip, a correction or a question.",
    path: "/contact",
  });

const emptyForm = { name: "", email: "", subject: "", message: "", website: "" };

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
  const [form, setForm] = useState(emptyForm);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function update(field: keyof typeof emptyForm) {
    return (event: { target: { value: string } }) => {
      setSent(false);
      setForm((current) => ({ ...current, [field]: event.target.value }));
    };
  }

  // The spec's form only logged locally; it now delivers the message (decision 123) with the
  // spec's thank-you text.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await sendContactMessage(form);
      setSent(true);
      setForm(emptyForm);
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? caught.message
          : "Your message could not be sent. Please check your connection and try again.",
      );
    } finally {
      setSending(false);
    }
  }

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
      {sent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Thank you for your message! We'll get back to you soon.
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {/* Without JavaScript (or before it starts) the form posts to the API, which answers with a
          page: never a GET that puts the message into the address and the logs (issue 33). */}
      <Box
        component="form"
        method="post"
        action="/api/contact/messages"
        onSubmit={submit}
        sx={{ display: "grid", gap: 2, mb: 4 }}
      >
        {/* A field people never see; bots that fill every field give themselves away. */}
        <Box
          aria-hidden="true"
          sx={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}
        >
          <label>
            Website
            <input
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={form.website}
              onChange={update("website")}
            />
          </label>
        </Box>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <TextField
            label="Name"
            name="name"
            required
            value={form.name}
            onChange={update("name")}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            value={form.email}
            onChange={update("email")}
          />
        </Box>
        <TextField
          label="Subject"
          name="subject"
          required
          value={form.subject}
          onChange={update("subject")}
        />
        <TextField
          label="Message"
          name="message"
          required
          multiline
          minRows={5}
          value={form.message}
          onChange={update("message")}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={sending}>
            {sending ? "Sending..." : "Send Message"}
          </Button>
        </Box>
      </Box>
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
