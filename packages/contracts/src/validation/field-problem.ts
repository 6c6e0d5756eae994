/** One broken rule: the field it belongs to (dotted for nested ones) and the text to show. */
export interface FieldProblem {
  path: string;
  message: string;
}
