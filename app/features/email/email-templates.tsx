import type { ReactElement } from 'react';
import { z } from 'zod';
import { TEST_SUBJECT, TestEmail } from './templates/test-email';
import { WELCOME_SUBJECT, WelcomeEmail } from './templates/welcome-email';

interface EmailTemplate<Payload> {
  /** Checked again when the message is sent: a row is data, and data can be wrong. */
  payload: z.ZodType<Payload>;
  subject: (payload: Payload) => string;
  render: (payload: Payload) => ReactElement;
}

function template<Payload>(definition: EmailTemplate<Payload>): EmailTemplate<Payload> {
  return definition;
}

/** Every message the product sends. A later feature adds its own here. */
export const EMAIL_TEMPLATES = {
  welcome: template({
    payload: z.object({ name: z.string().min(1).max(200) }),
    subject: () => WELCOME_SUBJECT,
    render: (payload) => <WelcomeEmail {...payload} />,
  }),
  test: template({
    payload: z.object({ sentAt: z.string() }),
    subject: () => TEST_SUBJECT,
    render: (payload) => <TestEmail {...payload} />,
  }),
};

export type TemplateName = keyof typeof EMAIL_TEMPLATES;
export type TemplatePayload<Name extends TemplateName> = z.infer<
  (typeof EMAIL_TEMPLATES)[Name]['payload']
>;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(EMAIL_TEMPLATES, name);
}
