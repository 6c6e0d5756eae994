import {
  WEEKDAYS,
  WEEKDAY_NAMES,
  type DayHours,
  type Resource,
  type ResourceInput,
  type Weekday,
} from '../api/types.ts';

/** Spec 03 §9 defaults for a new hall or room. */
export function defaultHours(): Record<Weekday, DayHours> {
  const weekday = { open: '08:00', close: '18:00', closed: false };
  return {
    mon: { ...weekday },
    tue: { ...weekday },
    wed: { ...weekday },
    thu: { ...weekday },
    fri: { ...weekday },
    sat: { open: '09:00', close: '17:00', closed: false },
    sun: { open: '10:00', close: '16:00', closed: false },
  };
}

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

/** The §5 local resource form rules, all reported at once. */
export function validateResource(r: ResourceInput): string[] {
  const errors: string[] = [];
  if (!r.name.trim()) errors.push('Resource name is required');
  if (!Number.isInteger(r.capacity) || r.capacity < 0) errors.push('Capacity must be a whole number ≥ 0');
  for (const day of WEEKDAYS) {
    const h = r.hours[day];
    // 'HH:mm' strings compare correctly as text.
    if (!h.closed && !(h.open < h.close))
      errors.push(`${WEEKDAY_NAMES[day]} closing time must be after opening time`);
  }
  if (!(r.setupBufferMinutes >= 0)) errors.push('Setup buffer must be 0 or more minutes');
  if (!(r.packdownBufferMinutes >= 0)) errors.push('Pack-down buffer must be 0 or more minutes');
  r.equipment.forEach((item, i) => {
    if (!item.name.trim()) errors.push(`Equipment item ${i + 1} needs a name`);
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      errors.push(`Equipment item ${i + 1} quantity must be at least 1`);
  });
  return errors;
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
