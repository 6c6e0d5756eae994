/** The Reports exports' calls (report-exports.ts), spread into INSIGHTS_ROUTES. */
import { errorSchema, idParams, messageSchema } from '../api/common.ts';
import type { ApiResponse, RouteTable } from '../api/route-table.ts';
import {
  REPORT_EXPORT_PATHS,
  reportExportQuery,
  reportScheduleAnswerSchema,
  reportScheduleCreateSchema,
  reportScheduleListSchema,
  reportScheduleUpdateSchema,
} from './report-exports.ts';

const reports = { service: 'insights', tag: 'Reports', access: 'reports' } as const;
const noSettings: ApiResponse = {
  description: "The venue's settings have not reached Reports yet (no figures on a guessed clock).",
  schema: errorSchema,
};
const notFound: ApiResponse = { description: 'No such schedule in this venue.', schema: errorSchema };

export const REPORT_EXPORT_ROUTES = [
  {
    ...reports,
    method: 'get',
    path: REPORT_EXPORT_PATHS.pdf,
    summary: 'Export PDF: the whole report as a multi-page A4 PDF with its charts (report-YYYY-MM-DD.pdf)',
    description:
      'Title page, KPI cards, historical and pipeline tables and bar charts, the forecast with its three scenarios and method, the utilisation heatmap per resource, the funnel, payment timeliness and aging, cohorts and cancellation reasons. Read from the insights read model only.',
    query: reportExportQuery,
    responses: {
      200: { description: 'The PDF', contentType: 'application/pdf' },
      404: {
        description: 'Nothing in the period to export (spec 03 §8: "No data available to export…").',
        schema: errorSchema,
      },
      503: noSettings,
    },
  },
  {
    ...reports,
    method: 'get',
    path: REPORT_EXPORT_PATHS.zip,
    summary: 'Download CSVs: one CSV per panel in a zip (reports-YYYY-MM-DD.zip)',
    query: reportExportQuery,
    responses: {
      200: { description: 'The zip of CSV files', contentType: 'application/zip' },
      404: {
        description: 'Nothing in the period to export (spec 03 §8: "No data available to export…").',
        schema: errorSchema,
      },
      503: noSettings,
    },
  },
  {
    ...reports,
    method: 'get',
    path: REPORT_EXPORT_PATHS.schedules,
    summary: "The venue's scheduled report e-mails",
    responses: { 200: { description: 'OK', schema: reportScheduleListSchema } },
  },
  {
    ...reports,
    method: 'post',
    path: REPORT_EXPORT_PATHS.schedules,
    summary: 'Schedule Email: a weekly or monthly report e-mailed to the recipients (the venue’s hour)',
    description:
      'The first send is 7 days (weekly) or 1 month (monthly) from today at the send hour, in the venue’s time zone; the e-mail service sends the PDF to each recipient.',
    body: reportScheduleCreateSchema,
    responses: {
      201: { description: 'Stored', schema: reportScheduleAnswerSchema },
      503: noSettings,
    },
  },
  {
    ...reports,
    method: 'patch',
    path: `${REPORT_EXPORT_PATHS.schedules}/{id}`,
    summary: 'Change a schedule (a new frequency or hour re-plans the next send)',
    params: idParams,
    body: reportScheduleUpdateSchema,
    responses: {
      200: { description: 'Stored', schema: reportScheduleAnswerSchema },
      404: notFound,
      503: noSettings,
    },
  },
  {
    ...reports,
    method: 'delete',
    path: `${REPORT_EXPORT_PATHS.schedules}/{id}`,
    summary: 'Stop a scheduled report e-mail',
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: messageSchema }, 404: notFound },
  },
] as const satisfies RouteTable;
