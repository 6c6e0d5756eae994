export const PRIORITY_OPTIONS = [
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'normal', label: 'Normal' },
];
export const SOURCE_OPTIONS = [
  { value: 'website', label: 'Website' },
  { value: 'admin', label: 'Admin' },
  { value: 'quotation', label: 'Quotation' },
];
export const TIER_OPTIONS = [
  { value: 'premium', label: 'Premium' },
  { value: 'business', label: 'Business' },
  { value: 'standard', label: 'Standard' },
  { value: 'nonprofit', label: 'Nonprofit' },
];
export const STATUS_FILTER_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'tentative', label: 'Tentative' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
];
export const QUICK_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'thisWeek', label: 'This Week' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'highValue', label: 'High Value' },
];
