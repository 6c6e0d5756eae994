import { describe, expect, it } from '@jest/globals';
import type { ResolverOptions } from 'react-hook-form';
import { SEND_NEEDS_CONTENT, TOO_MANY_ATTACHMENTS, type CommsCustomer } from '@venue/contracts/comms';
import { EMPTY_DRAFT, sendProblems, sendResolver, type SendDraft } from './sendForm.ts';

// The Send E-mail form's resolver: the contract's problems on the boxes, the attachments beside
// them, and the draft itself (not the payload) to the submit, which confirms it.
const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<SendDraft>;
const ada = { name: 'Ada Lovelace', email: 'ada@example.com', bounced: false } as CommsCustomer;
const file = (name: string) => new File(['x'], name);
const elevenFiles = Array.from({ length: 11 }, (_, i) => file(`f${i}.pdf`));

describe('sendResolver', () => {
  it('without a recipient says so, and the attachments with it', async () => {
    const { errors } = await sendResolver({ ...EMPTY_DRAFT, files: elevenFiles }, undefined, OPTIONS);
    expect(errors.customer?.message).toBe(SEND_NEEDS_CONTENT);
    expect(errors.files?.message).toBe(TOO_MANY_ATTACHMENTS);
    expect(sendProblems(errors)).toEqual([SEND_NEEDS_CONTENT, TOO_MANY_ATTACHMENTS]);
  });

  it("puts the contract's problems on the boxes and the attachments' beside them", async () => {
    const draft = { ...EMPTY_DRAFT, customer: ada, files: elevenFiles };
    const { errors } = await sendResolver(draft, undefined, OPTIONS);
    expect(errors.subject?.message).toBe(SEND_NEEDS_CONTENT);
    expect(errors.files?.message).toBe(TOO_MANY_ATTACHMENTS);
    expect(Object.keys(errors)).toEqual(['subject', 'files']);
  });

  it('a bad address is the recipient’s problem; the draft as typed goes to the submit', async () => {
    const bad = await sendResolver(
      { ...EMPTY_DRAFT, customer: { ...ada, email: 'not-an-address' }, subject: 'Hi', body: 'Hello' },
      undefined,
      OPTIONS,
    );
    expect(Object.keys(bad.errors)).toEqual(['customer']);
    const draft = { ...EMPTY_DRAFT, customer: ada, subject: ' Hi ', body: 'Hello', files: [file('a.pdf')] };
    expect(await sendResolver(draft, undefined, OPTIONS)).toEqual({ values: draft, errors: {} });
  });
});
