/**
 * When an invoice falls due (issue 24 item 5). A FINAL invoice follows the payment terms: the
 * issue day plus Payment settings' due days. A DEPOSIT invoice follows them too, but falls due
 * no later than the venue's deposit deadline before the event (Payment settings' deposit
 * deadline, default 14 days before the event day), and never before its issue day (the issue day
 * itself when the event is sooner than that). No due date is ever before the issue day.
 *
 * Days are the venue's calendar days, `YYYY-MM-DD`. Pure and zod-free: money computes and checks
 * with it, the New Invoice dialog can show the same default, and the demo history
 * (`scripts/lib/demo-seed-plan.mjs` `depositDueDate`) follows the same rule with the default deadline.
 */

/** Payment settings' deposit deadline when a venue has not set one: 14 days before the event. */
export const DEPOSIT_DEADLINE_DAYS_DEFAULT = 14;

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
function plusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The last day a deposit invoice issued on `issueDay` may fall due: `deadlineDays` before the
 * event day, or the issue day when that is already past.
 */
export function depositDueLimit(issueDay: string, eventDay: string, deadlineDays: number): string {
  const deadline = plusDays(eventDay, -deadlineDays);
  return deadline < issueDay ? issueDay : deadline;
}

/** A deposit invoice's due day: the payment terms, capped by the deposit deadline. */
export function depositDueDate(
  issueDay: string,
  eventDay: string,
  dueDays: number,
  deadlineDays: number = DEPOSIT_DEADLINE_DAYS_DEFAULT,
): string {
  const terms = plusDays(issueDay, dueDays);
  const limit = depositDueLimit(issueDay, eventDay, deadlineDays);
  return terms < limit ? terms : limit;
}

/** A final (or any other) invoice's due day: the payment terms. */
export function termsDueDate(issueDay: string, dueDays: number): string {
  return plusDays(issueDay, dueDays);
}

/** The refusals of a due date someone typed, word for word. */
export const DUE_DATE_MESSAGES = {
  beforeIssue: (issueDay: string) => `Due date cannot be before the issue date (${issueDay}).`,
  afterDepositDeadline: (limit: string, deadlineDays: number) =>
    `A deposit falls due by ${limit} at the latest (the venue's deposit deadline is ${deadlineDays} days before the event).`,
} as const;

/**
 * What is wrong with a due date typed for an invoice issued on `issueDay` (a draft: today, its
 * earliest issue day), or null. A deposit's may not pass its limit (`depositDueLimit`). `show`
 * writes a day as the venue reads it.
 */
export function dueDateProblem(
  type: 'DEPOSIT' | 'FINAL' | 'BOND',
  dueDay: string,
  issueDay: string,
  eventDay: string | null,
  deadlineDays: number = DEPOSIT_DEADLINE_DAYS_DEFAULT,
  show: (day: string) => string = (day) => day,
): string | null {
  if (dueDay < issueDay) return DUE_DATE_MESSAGES.beforeIssue(show(issueDay));
  if (type === 'DEPOSIT' && eventDay) {
    const limit = depositDueLimit(issueDay, eventDay, deadlineDays);
    if (dueDay > limit) return DUE_DATE_MESSAGES.afterDepositDeadline(show(limit), deadlineDays);
  }
  return null;
}
