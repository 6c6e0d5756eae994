/**
 * The Reports page's exports (spec 03 §2.10 header buttons, §8; issue 14 item 4): Export PDF,
 * Download CSVs (one CSV per panel in a zip) and Schedule Email (weekly or monthly, comma-separated
 * recipients), which the spec only alerts about and we store and send (architecture decision 8).
 * The scheduled e-mail is written and sent by comms (decision 29) with the PDF it fetches from
 * insights when it sends (the pattern of decision 30): `report.email_requested` carries where from.
 */
import { z } from 'zod';
import { day, instant } from '../api/common.ts';
import { queryChoice } from '../api/fields.ts';
import { REPORT_PERIODS, REPORT_SEGMENTS, reportsQuery } from './reports.ts';

export const REPORT_EXPORT_PATHS = {
  pdf: '/api/reports/export/pdf',
  zip: '/api/reports/export/zip',
  schedules: '/api/reports/schedules',
} as const;

/** Export PDF and Download CSVs read the same period and segments as the page's nine calls. */
export const reportExportQuery = reportsQuery.pick({ hallOwnerId: true, period: true, segments: true });

/** Spec 03 §9: weekly (next send in 7 days) or monthly (next in 1 month). */
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** At most this many addresses per schedule: a report for the venue's staff, not a mailing list. */
export const MAX_REPORT_RECIPIENTS = 20;
/** The hour the venue's automatic e-mails go out by default (comms' send hour, decision 29). */
export const DEFAULT_REPORT_SEND_HOUR = 9;

export const REPORT_SCHEDULE_MESSAGES = {
  recipientsRequired: 'Enter at least one recipient e-mail address.',
  recipientInvalid: (address: string) => `"${address}" is not an e-mail address.`,
  tooManyRecipients: `At most ${MAX_REPORT_RECIPIENTS} recipients.`,
  frequency: 'Frequency must be weekly or monthly.',
  sendHour: 'Send hour must be a whole hour from 0 to 23.',
  period: `Period must be one of ${REPORT_PERIODS.join(', ')}.`,
  segments: 'Segments must be all, nfp or vip.',
  notFound: 'Report schedule not found.',
  created: 'Report schedule saved.',
  deleted: 'Report schedule deleted.',
} as const;

const EMAIL = z.email();

/**
 * The dialog's comma-separated recipients (spec 03 §2.10), or a list: trimmed, lower-cased,
 * each a real address, each once, 1 to 20. A comma, a semicolon or a line break separates them.
 */
const recipients = z
  .union([z.string().max(5000, 'At most 5000 characters.'), z.array(z.string().max(254)).max(100)], {
    error: 'Recipients must be comma-separated e-mail addresses.',
  })
  .transform((v, ctx): string[] => {
    const parts = (Array.isArray(v) ? v : v.split(/[,;\n]/))
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const bad = parts.find((p) => p.length > 254 || !EMAIL.safeParse(p).success);
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: REPORT_SCHEDULE_MESSAGES.recipientInvalid(bad.slice(0, 60)) });
      return z.NEVER;
    }
    const unique = [...new Set(parts)];
    if (unique.length === 0) {
      ctx.addIssue({ code: 'custom', message: REPORT_SCHEDULE_MESSAGES.recipientsRequired });
      return z.NEVER;
    }
    if (unique.length > MAX_REPORT_RECIPIENTS) {
      ctx.addIssue({ code: 'custom', message: REPORT_SCHEDULE_MESSAGES.tooManyRecipients });
      return z.NEVER;
    }
    return unique;
  })
  .meta({
    description: 'Comma-separated e-mail addresses (or a list), 1 to 20.',
    example: 'owner@example.com, manager@example.com',
  });

const frequency = z.enum(REPORT_FREQUENCIES, { error: REPORT_SCHEDULE_MESSAGES.frequency });
const sendHour = z
  .number({ error: REPORT_SCHEDULE_MESSAGES.sendHour })
  .int(REPORT_SCHEDULE_MESSAGES.sendHour)
  .min(0, REPORT_SCHEDULE_MESSAGES.sendHour)
  .max(23, REPORT_SCHEDULE_MESSAGES.sendHour);
const period = z.enum(REPORT_PERIODS, { error: REPORT_SCHEDULE_MESSAGES.period });
const segments = z
  .array(z.enum(REPORT_SEGMENTS, { error: REPORT_SCHEDULE_MESSAGES.segments }), {
    error: REPORT_SCHEDULE_MESSAGES.segments,
  })
  .min(1, REPORT_SCHEDULE_MESSAGES.segments)
  .max(3, REPORT_SCHEDULE_MESSAGES.segments)
  .transform((s) => [...new Set(s)]);

/** `POST /api/reports/schedules`: what the Schedule Report Email dialog saves. */
export const reportScheduleCreateSchema = z.object({
  frequency,
  recipients,
  /** The venue-local hour it is sent at (default 09:00, as the venue's other automatic e-mails). */
  sendHour: sendHour.optional(),
  /** The report's range (default Last 90 days, as the page). */
  period: period.optional(),
  /** The report's segments (default All). */
  segments: segments.optional(),
});
export type ReportScheduleCreate = z.input<typeof reportScheduleCreateSchema>;

/** `PATCH /api/reports/schedules/{id}`: any of the fields; a new frequency or hour re-plans the next send. */
export const reportScheduleUpdateSchema = z
  .strictObject({
    frequency: frequency.optional(),
    recipients: recipients.optional(),
    sendHour: sendHour.optional(),
    period: period.optional(),
    segments: segments.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change.' });
export type ReportScheduleUpdate = z.input<typeof reportScheduleUpdateSchema>;

export const reportScheduleSchema = z.object({
  id: z.uuid(),
  frequency: z.enum(REPORT_FREQUENCIES),
  recipients: z.array(z.string()),
  sendHour: z.number().int(),
  period: z.enum(REPORT_PERIODS),
  segments: z.array(z.enum(REPORT_SEGMENTS)),
  /** The next send: the venue's day and hour, and the instant. */
  nextSendDate: day(),
  nextSendAt: instant(),
  /** When the last report was handed to the e-mail service; null before the first. */
  lastSentAt: instant().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportScheduleListSchema = z.object({ schedules: z.array(reportScheduleSchema) });
export const reportScheduleAnswerSchema = z.object({
  message: z.string(),
  schedule: reportScheduleSchema,
});

/**
 * `report.email_requested` (insights → comms): a schedule came due. Comms writes one e-mail per
 * recipient, once per schedule, due day and address, and fetches the PDF from insights
 * (`pdfPath`, internal) when it sends.
 */
export const reportEmailRequestedEventSchema = z.object({
  scheduleId: z.uuid(),
  /** The venue's business name from insights' settings copy ('' when not set yet). */
  venueName: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  recipients: z.array(z.string()).min(1),
  /** The venue's day this send was due (the once-per-period key). */
  dueDate: day(),
  period: z.enum(REPORT_PERIODS),
  /** The range in words, e.g. `Last 90 days`. */
  periodLabel: z.string(),
  /** insights' internal route of the PDF. */
  pdfPath: z.string(),
  filename: z.string(),
});
export type ReportEmailRequestedEvent = z.infer<typeof reportEmailRequestedEventSchema>;

/** The Date Range selector's words (spec 03 §2.10). */
export const REPORT_PERIOD_LABELS: Record<(typeof REPORT_PERIODS)[number], string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '180d': 'Last 180 days',
  '1y': 'This year',
};

/** The internal PDF route's query (comms' fetch): the same choices, and the due day for the file name. */
export const internalReportPdfQuery = z.object({
  period: queryChoice('period', REPORT_PERIODS),
  segments: reportsQuery.shape.segments,
});
