/** Admin's audit log calls: the log, its figures, filters, CSV export and the chain's check. */
import type { RouteTable } from '../api/route-table.ts';
import { auditFilterSchema, auditListSchema } from './requests.ts';
import {
  auditActionsSchema,
  auditPageSchema,
  auditStatsSchema,
  auditTargetTypesSchema,
  chainReportSchema,
} from './responses.ts';
import { audit, ok } from './route-parts.ts';

export const AUDIT_ROUTES = [
  {
    ...audit,
    method: 'get',
    path: '/api/audit',
    summary: 'Audit entries, newest first (super admin: all; owner: the venue; staff: their own)',
    query: auditListSchema,
    responses: ok(auditPageSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/stats',
    summary: 'Counts per user, action and target type',
    query: auditFilterSchema.pick({ startDate: true, endDate: true }),
    responses: ok(auditStatsSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/actions',
    summary: 'The actions to filter by',
    responses: ok(auditActionsSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/target-types',
    summary: 'The target types to filter by',
    responses: ok(auditTargetTypesSchema),
    spec: '01 §7',
  },
  {
    ...audit,
    method: 'get',
    path: '/api/audit/export.csv',
    summary: 'The filtered entries as CSV (safe against spreadsheet formulas)',
    query: auditFilterSchema,
    responses: { 200: { description: 'CSV file', contentType: 'text/csv' } },
  },
  {
    ...audit,
    access: 'owner or super-admin',
    method: 'get',
    path: '/api/audit/verify',
    summary: 'Re-walk the hash chains: finds an entry edited or removed in the database',
    responses: ok(chainReportSchema),
  },
] as const satisfies RouteTable;
