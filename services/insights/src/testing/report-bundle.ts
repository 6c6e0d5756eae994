/**
 * The Reports answers the exports' own tests render (the contracts' known set, reportAnswers:
 * the figures a PDF or a CSV must show, chosen so each can be found in the file) and the venue's
 * words beside them. Test support; never served.
 */
import { reportAnswers } from '@venue/contracts/testing';
import type { ReportBundle, ReportContext } from '../report-exports/bundle.ts';

export const FIXTURE_CONTEXT: ReportContext = {
  venueName: 'Harbour Hall',
  timezone: 'Australia/Sydney',
  currency: 'AUD',
  period: '90d',
  segments: ['all'],
  generatedAt: '2026-11-18 12:00',
  today: '2026-11-18',
};

export const fixtureBundle = (): ReportBundle => reportAnswers();
