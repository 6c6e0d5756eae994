/**
 * An e-mail address in a narrow table column. Left alone, a long address is one unbreakable word:
 * the column grows and the table's last columns (Status, Actions) scroll out of sight at a laptop's
 * width; broken at any letter it reads as other addresses ("events@harbo / urrotary.exam…").
 * Here the lines may break only after the "@" and before each ".", as "events@ / harbourrotary /
 * .example.org", and a part longer than the column still breaks where it must. Imported as
 * `@venue/ui/breakable-email`: each app bundles it with the pages that use it.
 */
import { Fragment } from 'react';

/** The address split where a line may break: after the "@", before each ".". */
export function emailParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

export function BreakableEmail({ email }: { email: string }) {
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {emailParts(email).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
