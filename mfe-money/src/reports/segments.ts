/**
 * The Segments toggles (spec 03 §2.10): All, Community/NFP, VIP, multi-select. All resets the
 * others; choosing a specific segment removes All; clearing every specific segment does not
 * bring All back (the selection is then empty, and the figures cover every customer, which the
 * page says in words rather than ticking All on the user's behalf).
 */
import type { ReportSegment } from '@venue/contracts/insights';

export const SEGMENT_LABELS: Record<ReportSegment, string> = {
  all: 'All',
  nfp: 'Community/NFP',
  vip: 'VIP',
};

/** The selection after a click on `clicked`, given what was selected before. */
export function toggleSegment(selected: readonly ReportSegment[], clicked: ReportSegment): ReportSegment[] {
  if (clicked === 'all') return selected.includes('all') ? [] : ['all'];
  const specific = selected.filter((s) => s !== 'all');
  return specific.includes(clicked) ? specific.filter((s) => s !== clicked) : [...specific, clicked];
}

/** What the figures cover, in words. */
export function segmentsCaption(selected: readonly ReportSegment[]): string {
  const specific = selected.filter((s) => s !== 'all');
  if (specific.length === 0) {
    return selected.includes('all')
      ? 'Figures cover every customer.'
      : 'No segment chosen: figures cover every customer.';
  }
  return `Figures cover ${specific.map((s) => SEGMENT_LABELS[s]).join(' and ')} customers only.`;
}
