/** The template dialog's draft and its rules (spec 02 §2.11, §5.3), apart from the screen. */
import { extractVariables, type EmailTemplate, type TemplateType } from '@venue/contracts/comms';

export interface TemplateDraft {
  name: string;
  type: TemplateType;
  subject: string;
  body: string;
  isActive: boolean;
}

export const EMPTY_TEMPLATE: TemplateDraft = {
  name: '',
  type: 'email',
  subject: '',
  body: '',
  isActive: true,
};

export function draftOf(t: EmailTemplate): TemplateDraft {
  return { name: t.name, type: t.type, subject: t.subject, body: t.body, isActive: t.isActive };
}

/** The `{{…}}` names the draft uses, as the server will list them. */
export function draftVariables(draft: Pick<TemplateDraft, 'subject' | 'body'>): string[] {
  return extractVariables(draft.subject, draft.body);
}
