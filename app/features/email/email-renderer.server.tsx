import { renderToStaticMarkup } from 'react-dom/server';
import type { Mailbox } from '~/lib/mail-address';
import { EMAIL_TEMPLATES, isTemplateName, type EmailParties } from './email-templates';
import type { CalendarPart } from './mail-transport.server';
import { EmailSettingsContext, type EmailFormat } from './templates/email-layout';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  icalEvent?: CalendarPart;
  headers?: Record<string, string>;
}

export class EmailTemplateError extends Error {
  override name = 'EmailTemplateError';
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};

/**
 * A template with its payload, as the subject, the HTML part and the plain-text part, and
 * the extra headers the template asks for. With the `envelope` of a message being sent, also
 * its calendar part (it names the sender and the recipient). Throws `EmailTemplateError`
 * for an unknown template or a payload it does not accept.
 */
export function renderEmail(
  template: string,
  payload: unknown,
  origin: string,
  envelope?: { from: Mailbox; to: Mailbox },
): RenderedEmail {
  if (!isTemplateName(template))
    throw new EmailTemplateError(`Unknown e-mail template "${template}"`);
  const definition = EMAIL_TEMPLATES[template];
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) {
    throw new EmailTemplateError(
      `The data for the "${template}" e-mail is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
  }
  // The casts are safe: the template and its payload schema come from the same entry.
  const element = (definition.render as (payload: unknown) => React.ReactElement)(parsed.data);
  const { calendar, headers } = definition as {
    calendar?: (payload: unknown, parties: EmailParties) => CalendarPart | undefined;
    headers?: (payload: unknown, site: { origin: string }) => Record<string, string>;
  };
  const render = (format: EmailFormat) =>
    renderToStaticMarkup(
      <EmailSettingsContext value={{ format, origin }}>{element}</EmailSettingsContext>,
    );
  return {
    subject: (definition.subject as (payload: unknown) => string)(parsed.data),
    html: `<!doctype html>${render('html')}`,
    // In text mode every block writes plain strings, which React escaped for HTML.
    text: render('text').replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!),
    icalEvent: calendar && envelope && calendar(parsed.data, { origin, ...envelope }),
    headers: headers?.(parsed.data, { origin }),
  };
}
