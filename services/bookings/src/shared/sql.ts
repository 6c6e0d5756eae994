/** Numbered placeholders collected as a statement is built: `p(value)` answers `$n`. */
export function sqlParams() {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  return { params, p };
}
