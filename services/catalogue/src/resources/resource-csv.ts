import { WEEKDAYS, type Resource } from './resource-model.ts';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe. */
function cell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function hoursSummary(r: Resource): string {
  return WEEKDAYS.map((d) => {
    const h = r.hours[d];
    return `${d} ${h.closed ? 'closed' : `${h.open}-${h.close}`}`;
  }).join('; ');
}

export function resourcesCsv(resources: Resource[]): string {
  const header = [
    'Code',
    'Name',
    'Type',
    'Capacity',
    'Status',
    'Visibility',
    'Hours',
    'Setup buffer (min)',
    'Pack-down buffer (min)',
    'Apply buffers',
    'Colour',
    'Equipment',
    'Description',
    'Last updated',
  ];
  const lines = resources.map((r) =>
    [
      r.code,
      r.name,
      r.type,
      r.capacity,
      r.status,
      r.visibility,
      hoursSummary(r),
      r.setupBufferMinutes,
      r.packdownBufferMinutes,
      r.applyBuffers ? 'yes' : 'no',
      r.calendarColour,
      r.equipment.map((e) => `${e.name} x${e.quantity}`).join('; '),
      r.description,
      r.lastUpdated,
    ]
      .map(cell)
      .join(','),
  );
  return [header.map(cell).join(','), ...lines].join('\r\n') + '\r\n';
}
