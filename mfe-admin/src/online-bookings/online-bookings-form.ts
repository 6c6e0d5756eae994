/**
 * Settings → Online bookings as the screen edits it (issue 25 item 5, decision 56): the setting
 * the server answers, the form's values, and the one PUT body between them. The form checks that
 * body with the contract's own schema (useOnlineBookingsForm), so a field's message on screen is
 * the server's word for word, and a refusal from the server lands on the same field.
 */
import type { OnlineBookings, OnlineBookingsUpdate, OnlineMode, QuestionKind } from '@venue/contracts';

export const ONLINE_BOOKINGS_PATH = '/api/settings/online-bookings';

/**
 * One question as the form holds it. Its server id is `savedId`, not `id`: react-hook-form's
 * field array keeps its own `id` on each row (React's key while rows move).
 */
export interface QuestionValues {
  /** The server's id; '' for a question added since the last save (the server gives one). */
  savedId: string;
  label: string;
  kind: QuestionKind;
  /** One option a line, as typed; only a choice question sends them. */
  optionsText: string;
  required: boolean;
}

/** The form's values: the PUT body's shape, so most of the schema's paths are the fields' names. */
export interface OnlineBookingsValues {
  enabled: boolean;
  slug: string;
  resourceIds: string[];
  /** NaN while the field is empty or not a number: refused with the server's message. */
  minNoticeHours: number;
  windowDays: number;
  mode: OnlineMode;
  verifyEmail: boolean;
  questions: QuestionValues[];
  agreement: { text: string; cancellationTerms: string };
}

export const NEW_QUESTION: QuestionValues = {
  savedId: '',
  label: '',
  kind: 'text',
  optionsText: '',
  required: false,
};

export function valuesOf(setting: OnlineBookings): OnlineBookingsValues {
  return {
    enabled: setting.enabled,
    slug: setting.slug ?? '',
    resourceIds: [...setting.resourceIds],
    minNoticeHours: setting.minNoticeHours,
    windowDays: setting.windowDays,
    mode: setting.mode,
    verifyEmail: setting.verifyEmail,
    questions: setting.questions.map((q) => ({
      savedId: q.id,
      label: q.label,
      kind: q.kind,
      optionsText: (q.options ?? []).join('\n'),
      required: q.required,
    })),
    agreement: { text: setting.agreement.text, cancellationTerms: setting.agreement.cancellationTerms },
  };
}

export function optionsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The PUT body the values make, for the contract's update schema to check and parse (what is
 * sent is the schema's output).
 */
export function bodyOf(values: OnlineBookingsValues): OnlineBookingsUpdate {
  const slug = values.slug.trim().toLowerCase();
  return {
    enabled: values.enabled,
    slug: slug === '' ? null : slug,
    resourceIds: [...values.resourceIds],
    minNoticeHours: values.minNoticeHours,
    windowDays: values.windowDays,
    mode: values.mode,
    verifyEmail: values.verifyEmail,
    questions: values.questions.map((q) => ({
      ...(q.savedId ? { id: q.savedId } : {}),
      label: q.label.trim(),
      kind: q.kind,
      ...(q.kind === 'choice' ? { options: optionsOf(q.optionsText) } : {}),
      required: q.required,
    })),
    agreement: {
      text: values.agreement.text.trim(),
      cancellationTerms: values.agreement.cancellationTerms.trim(),
    },
  };
}

/**
 * The field a message at a body path is shown on, the schema's and the server's alike: `slug`,
 * `minNoticeHours`, `questions.root` (the list as a whole), `questions.2.label` (its id's too: the
 * id has no field), `questions.2.optionsText` (an option's own message too), `agreement.text`…
 */
export function fieldOf(path: string): string {
  const [head = '', index, field] = path.split('.').filter((p) => p !== '');
  if (head === 'questions') {
    if (index === undefined || !/^\d+$/.test(index)) return 'questions.root';
    if (field === 'options') return `questions.${index}.optionsText`;
    return `questions.${index}.${field === undefined || field === 'id' ? 'label' : field}`;
  }
  if (head === 'agreement') return `agreement.${index ?? 'text'}`;
  return head;
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
