import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { sendContactMessage } from "../../api/contact";
import { useFeedback } from "../../components/feedback";
import { PostForm } from "../../components/form/post-form";
import { ApiError } from "../../lib/api-client";

const emptyForm = { name: "", email: "", subject: "", message: "", website: "" };

/**
 * The contact form of /contact. The spec's form only logged locally; it now delivers the message
 * (decision 123) and says the spec's thank-you sentence, or why it failed, in the snackbar like
 * every other form (decision 309). The browser checks the fields (spec: all required, the e-mail
 * by its type). Without JavaScript (or before it starts) the form posts to the API, which answers
 * with a page of its own: never a GET that puts the message into the address and the logs (issue
 * 33).
 */
export function ContactForm() {
  const [form, setForm] = useState(emptyForm);
  const [sending, setSending] = useState(false);
  const feedback = useFeedback();

  function update(field: keyof typeof emptyForm) {
    return (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [field]: event.target.value }));
  }

  /** A required field of the form, bound to its value. */
  function field(
    name: "name" | "email" | "subject" | "message",
    label: string,
    extra: { type?: string; multiline?: boolean; minRows?: number } = {},
  ) {
    return (
      <TextField
        label={label}
        name={name}
        required
        value={form[name]}
        onChange={update(name)}
        {...extra}
      />
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await sendContactMessage(form);
      feedback.show("success", "Thank you for your message! We'll get back to you soon.");
      setForm(emptyForm);
    } catch (caught) {
      feedback.show(
        "error",
        caught instanceof ApiError
          ? caught.message
          : "Your message could not be sent. Please check your connection and try again.",
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <PostForm
        action="/api/contact/messages"
        onSubmit={submit}
        button={{ size: "large" }}
        busy={sending}
        submitLabel="Send Message"
        busyLabel="Sending..."
        sx={{ mb: 4 }}
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
          {field("name", "Name")}
          {field("email", "Email", { type: "email" })}
        </Box>
        {field("subject", "Subject")}
        {field("message", "Message", { multiline: true, minRows: 5 })}
      </PostForm>
      {feedback.element}
    </>
  );
}
