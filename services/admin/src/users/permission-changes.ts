/** Keys added and removed between two permission lists, for the audit trail. */
export function diffPermissions(
  before: readonly string[],
  after: readonly string[],
): { granted: string[]; revoked: string[] } {
  return {
    granted: after.filter((k) => !before.includes(k)),
    revoked: before.filter((k) => !after.includes(k)),
  };
}

export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const { granted, revoked } = diffPermissions(a, b);
  return granted.length === 0 && revoked.length === 0;
}
