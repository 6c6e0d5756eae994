import { toCsv } from '@venue/service-kit';
import { WEEKDAYS, type Resource } from './resource-model.ts';

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
  return toCsv(
    header,
    resources.map((r) => [
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
    ]),
  );
}
