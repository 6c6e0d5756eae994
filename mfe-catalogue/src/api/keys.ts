/** react-query keys; mutations invalidate by the first segment. */
export const keys = {
  resources: ['catalogue', 'resources'] as const,
  pricing: ['catalogue', 'pricing'] as const,
  addons: ['catalogue', 'addons'] as const,
  holidays: (year: number) => ['catalogue', 'holidays', year] as const,
  holidaysAll: ['catalogue', 'holidays'] as const,
  blockouts: ['catalogue', 'blockouts'] as const,
};
