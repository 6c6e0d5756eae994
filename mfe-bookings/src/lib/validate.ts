/** Client-side mirror of spec 02 §5.1, checked in order; the server stays the authority. */
export interface BookingFormValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  eventType: string;
  selectedHall: string;
  bookingDate: string;
  startTime: string;
  endTime: string;
  additionalDescription: string;
  estimatedPrice: string;
  guestCount: string;
  status: string;
}

const REQUIRED: [keyof BookingFormValues, string][] = [
  ['customerName', 'customer name'],
  ['customerEmail', 'customer email'],
  ['customerPhone', 'customer phone'],
  ['eventType', 'event type'],
  ['selectedHall', 'selected hall'],
  ['bookingDate', 'booking date'],
  ['startTime', 'start time'],
  ['endTime', 'end time'],
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[1-9]\d{0,15}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export function validateBooking(v: BookingFormValues, today = todayIso()): string | null {
  for (const [field, words] of REQUIRED) {
    if (!String(v[field] ?? '').trim()) return `Please fill in the ${words}`;
  }
  if (!EMAIL.test(v.customerEmail.trim())) return 'Please enter a valid email address';
  if (!PHONE.test(v.customerPhone.replace(/[\s\-()]/g, ''))) return 'Please enter a valid phone number';
  if (v.bookingDate < today) return 'Booking date cannot be in the past';
  if (!TIME.test(v.startTime) || !TIME.test(v.endTime)) return 'Please enter valid times in HH:MM format';
  if (v.endTime <= v.startTime) return 'End time must be after start time';
  return null;
}
