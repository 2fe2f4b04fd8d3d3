import type { AppLoadContext } from "react-router";

/**
 * The loader of the pages that give the desk's e-mail address (Contact, Privacy Policy): the
 * address when an admin has set one (Site Settings).
 */
export async function loadContactEmail({ context }: { context: AppLoadContext }) {
  const { contactEmail } = await context.services.publicSettings.contactDetails();
  return { contactEmail };
}
