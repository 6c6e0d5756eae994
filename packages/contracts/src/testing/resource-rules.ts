import { defaultHours } from '../validation/resource.ts';

const hall = (extra: Record<string, unknown> = {}) => ({ name: 'Hall A', capacity: 100, ...extra });

/**
 * Spec 03 §5's resource rules, one body breaking each with the message it must get: the schema's
 * first problem (contracts' resource test) and the catalogue's 400 for a create alike.
 */
export function resourceRuleExamples(): Array<[body: Record<string, unknown>, message: string]> {
  const day = (open: string, close: string) => ({ open, close, closed: false });
  return [
    [{ capacity: 10 }, 'Resource name is required'],
    [hall({ name: '   ' }), 'Resource name is required'],
    [hall({ capacity: undefined }), 'Capacity must be a whole number ≥ 0'],
    [hall({ capacity: -1 }), 'Capacity must be a whole number ≥ 0'],
    [hall({ capacity: 2.5 }), 'Capacity must be a whole number ≥ 0'],
    [hall({ capacity: 'many' }), 'Capacity must be a whole number ≥ 0'],
    [hall({ type: 'castle' }), 'Type must be hall, room or outdoor'],
    [hall({ visibility: 'secret' }), 'Visibility must be public or admin'],
    [hall({ status: 'gone' }), 'Status must be active or archived'],
    [hall({ calendarColour: 'blue' }), 'Calendar colour must be a hex colour like #2563EB'],
    [
      hall({ hours: { ...defaultHours(), mon: day('18:00', '08:00') } }),
      'Monday closing time must be after opening time',
    ],
    [
      hall({ hours: { ...defaultHours(), sun: day('10:00', '10:00') } }),
      'Sunday closing time must be after opening time',
    ],
    [hall({ hours: { ...defaultHours(), sun: day('9:00', '17:00') } }), 'Sunday opening time must be HH:mm'],
    [hall({ setupBufferMinutes: -5 }), 'Setup buffer must be a whole number of minutes ≥ 0'],
    [hall({ packdownBufferMinutes: 1.5 }), 'Pack-down buffer must be a whole number of minutes ≥ 0'],
    [hall({ packdownBufferMinutes: -1 }), 'Pack-down buffer must be a whole number of minutes ≥ 0'],
    [hall({ equipment: [{ name: '', quantity: 1 }] }), 'Equipment name is required'],
    [hall({ equipment: [{ name: 'Chairs', quantity: 0 }] }), 'Equipment quantity must be at least 1'],
  ];
}
