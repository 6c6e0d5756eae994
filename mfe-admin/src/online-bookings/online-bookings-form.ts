/**
 * Settings → Online bookings as the screen edits it (issue 25 item 5, decision 56): the setting
 * the server answers, the form's own state, and the one PUT body between them. The body is
 * checked with the contract's own schema before it is sent, so a field's message on screen is
 * the server's word for word, and a refusal from the server lands on the same field.
 */
import {
  onlineBookingsUpdateSchema,
  type OnlineBookings,
  type OnlineBookingsUpdate,
  type OnlineMode,
  type QuestionKind,
} from '@venue/contracts';
import { fieldErrorsOf } from '@venue/ui';

export const ONLINE_BOOKINGS_PATH = '/api/settings/online-bookings';

export interface QuestionDraft {
  /** React's key: stable while the question is moved, including a new one with no id yet. */
  key: string;
  /** The server's id; absent for a question added since the last save (the server gives one). */
  id?: string;
  label: string;
  kind: QuestionKind;
  /** One option a line, as typed; only a choice question sends them. */
  optionsText: string;
  required: boolean;
}

export interface OnlineBookingsDraft {
  enabled: boolean;
  slug: string;
  resourceIds: string[];
  /** NaN while the field is empty or not a number: refused with the server's message. */
  minNoticeHours: number;
  windowDays: number;
  mode: OnlineMode;
  verifyEmail: boolean;
  questions: QuestionDraft[];
  agreementText: string;
  cancellationTerms: string;
}

let nextKey = 0;
export function newQuestionKey(): string {
  nextKey += 1;
  return `q${nextKey}`;
}

export function draftOf(setting: OnlineBookings): OnlineBookingsDraft {
  return {
    enabled: setting.enabled,
    slug: setting.slug ?? '',
    resourceIds: [...setting.resourceIds],
    minNoticeHours: setting.minNoticeHours,
    windowDays: setting.windowDays,
    mode: setting.mode,
    verifyEmail: setting.verifyEmail,
    questions: setting.questions.map((q) => ({
      key: q.id,
      id: q.id,
      label: q.label,
      kind: q.kind,
      optionsText: (q.options ?? []).join('\n'),
      required: q.required,
    })),
    agreementText: setting.agreement.text,
    cancellationTerms: setting.agreement.cancellationTerms,
  };
}

export function optionsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The PUT body: the whole setting, as the contract's update schema takes it. */
export function bodyOf(draft: OnlineBookingsDraft): OnlineBookingsUpdate {
  const slug = draft.slug.trim().toLowerCase();
  return {
    enabled: draft.enabled,
    slug: slug === '' ? null : slug,
    resourceIds: [...draft.resourceIds],
    minNoticeHours: draft.minNoticeHours,
    windowDays: draft.windowDays,
    mode: draft.mode,
    verifyEmail: draft.verifyEmail,
    questions: draft.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      label: q.label.trim(),
      kind: q.kind,
      ...(q.kind === 'choice' ? { options: optionsOf(q.optionsText) } : {}),
      required: q.required,
    })),
    agreement: { text: draft.agreementText.trim(), cancellationTerms: draft.cancellationTerms.trim() },
  };
}

/**
 * Where a message is shown: `slug`, `minNoticeHours`, `questions` (the list as a whole),
 * `questions.2.label`, `questions.2.options` (an option's own message too), `agreement.text`…
 */
export function fieldOf(path: ReadonlyArray<PropertyKey> | string): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((p) => p !== '');
  const [head, index, field] = parts;
  if (head === 'questions' && index !== undefined && /^\d+$/.test(index)) {
    return `questions.${index}.${field ?? 'label'}`;
  }
  if (head === 'agreement') return `agreement.${index ?? 'text'}`;
  return head ?? '';
}

export type FieldErrors = Record<string, string>;

/** The screen's own check, with the contract's messages: every field's first message. */
export function checkDraft(draft: OnlineBookingsDraft): FieldErrors {
  const result = onlineBookingsUpdateSchema.safeParse(bodyOf(draft));
  if (result.success) return {};
  const out: FieldErrors = {};
  for (const issue of result.error.issues) out[fieldOf(issue.path)] ??= issue.message;
  return out;
}

/** The fields a 4xx answer names (`errors: [{ path: 'questions.1.options', message }]`). */
export function serverFieldErrors(error: unknown): FieldErrors {
  return fieldErrorsOf(error, fieldOf);
}

/** The address of the venue's page on this product (the gateway serves it beside the staff app). */
export function publicUrl(origin: string, slug: string): string {
  return `${origin}/book/${slug}`;
}

/**
 * The two ways to put the page on the venue's own website, exactly as the screen offers them
 * (portal/src/embed/embed.ts): the frame itself with the script that sizes it, or a placeholder
 * the script fills with the frame.
 */
export function embedSnippets(origin: string, slug: string): { iframe: string; script: string } {
  const script = `<script src="${origin}/book/embed.js" async></script>`;
  return {
    iframe:
      `<iframe src="${origin}/book/${slug}?embed=1" title="Book online" loading="lazy" ` +
      `style="display:block;width:100%;border:0;min-height:480px;height:720px"></iframe>\n${script}`,
    script: `<div data-venuedesk-book="${slug}"></div>\n${script}`,
  };
}

/** The server's default answer for a venue that never saved the page carries the epoch. */
export function agreementNeverSaved(updatedAt: string): boolean {
  return new Date(updatedAt).getTime() <= 0;
}
