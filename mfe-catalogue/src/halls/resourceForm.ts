import { defaultHours, resourceFormMessages } from '@venue/contracts';
import { WEEKDAYS, WEEKDAY_NAMES, type Resource, type ResourceInput } from '../api/types.ts';

export { defaultHours };

export function emptyResource(): ResourceInput {
  return {
    name: '',
    type: 'hall',
    capacity: 0,
    description: '',
    internalNotes: '',
    visibility: 'public',
    status: 'active',
    calendarColour: '#2563EB',
    colourName: 'Blue',
    hours: defaultHours(),
    setupBufferMinutes: 15,
    packdownBufferMinutes: 15,
    applyBuffers: true,
    equipment: [],
    icsEnabled: false,
    publicCalendar: false,
  };
}

export function toInput(r: Resource): ResourceInput {
  const { id: _id, code: _code, lastUpdated: _u, createdAt: _c, icsFeedActive: _f, ...input } = r;
  return { ...emptyResource(), ...input, hours: { ...defaultHours(), ...input.hours } };
}

/** The §5 resource form rules (the service's own), every problem listed at once. */
export function validateResource(r: ResourceInput): string[] {
  return resourceFormMessages(r);
}

/** In the dialog's list of problems an equipment row's says which row it is (as resourceFormMessages). */
export function listedProblem(path: string[], message: string): string {
  const [field, index] = path;
  if (field !== 'equipment' || index === undefined || !/^\d+$/.test(index)) return message;
  const row = Number(index) + 1;
  if (message === 'Equipment name is required') return `Equipment item ${row} needs a name`;
  if (message === 'Equipment quantity must be at least 1')
    return `Equipment item ${row} quantity must be at least 1`;
  return message;
}

/** "Daily" when open every day, "Varies" if any day is closed (spec 03 §2.5). */
export function hoursLabel(r: Pick<Resource, 'hours'>): string {
  return WEEKDAYS.some((d) => r.hours[d]?.closed) ? 'Varies' : 'Daily';
}

/** Detail-panel summary, cut at 60 characters. */
export function hoursSummary(r: Pick<Resource, 'hours'>): string {
  const text = WEEKDAYS.map((d) => {
    const h = r.hours[d];
    const day = WEEKDAY_NAMES[d].slice(0, 3);
    return h?.closed ? `${day} closed` : `${day} ${h?.open}-${h?.close}`;
  }).join(', ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
