/** The template dialog's draft and its rules (spec 02 §2.11, §5.3), apart from the screen. */
import {
  extractVariables,
  templateCreateSchema,
  type EmailTemplate,
  type TemplateCreate,
  type TemplateType,
} from '@venue/contracts/comms';

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

/**
 * The contract's messages ("Template name is required", "Subject is required", "Body is
 * required"; blank means empty after trimming), in field order, or the body to send.
 */
export function checkTemplate(draft: TemplateDraft): { problems: string[]; body?: TemplateCreate } {
  const parsed = templateCreateSchema.safeParse(draft);
  if (parsed.success) return { problems: [], body: parsed.data };
  return { problems: [...new Set(parsed.error.issues.map((i) => i.message))] };
}

/** The `{{…}}` names the draft uses, as the server will list them. */
export function draftVariables(draft: TemplateDraft): string[] {
  return extractVariables(draft.subject, draft.body);
}
