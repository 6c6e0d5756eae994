/** Templates (spec 02 §2.11): the answer's shape and the lookups the handlers, Send Email and SMS share. */
import {
  emailTemplateSchema,
  extractVariables,
  previewOf,
  TEMPLATE_PREVIEW_LENGTH,
  type EmailTemplate,
} from '@venue/contracts/comms';
import { type Tx } from '@venue/service-kit';
import { iso } from '../shared/request.ts';
import { db } from '../db/query.ts';

export interface TemplateRow {
  id: string;
  name: string;
  type: 'email' | 'sms';
  subject: string;
  body: string;
  is_active: boolean;
  kind: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const COLUMNS = [
  'id',
  'name',
  'type',
  'subject',
  'body',
  'is_active',
  'kind',
  'created_at',
  'updated_at',
] as const;

export function toTemplate(r: TemplateRow): EmailTemplate {
  return emailTemplateSchema.parse({
    id: r.id,
    name: r.name,
    type: r.type,
    subject: r.subject,
    body: r.body,
    variables: extractVariables(r.subject, r.body),
    isActive: r.is_active,
    kind: r.kind ?? null,
    bodyPreview: previewOf(r.body, TEMPLATE_PREVIEW_LENGTH),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  });
}

export async function findTemplate(tx: Tx, tenantId: string, id: string): Promise<TemplateRow | null> {
  const row = await db(tx)
    .selectFrom('email_templates')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
