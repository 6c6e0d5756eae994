/**
 * Copy Payment Link (spec 03 §2.1, decision 43): asks money for the invoice's link (made on
 * first use, the same link after that) and puts it on the clipboard. Where the browser refuses
 * the clipboard (a plain-HTTP address), the toast shows the link to copy by hand. Revoke makes
 * a new link; the old one then says it is no longer valid.
 */
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { PAYLINK_MESSAGES, PAYLINK_PATHS, type PaymentLink } from '@venue/contracts/money-api';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';

async function toClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function useCopyPaymentLink() {
  const { api } = useSession();
  const mutation = useMutation({
    mutationFn: ({ invoiceId, revoke }: { invoiceId: string; revoke: boolean }) =>
      api.api<PaymentLink>((revoke ? PAYLINK_PATHS.revoke : PAYLINK_PATHS.link)(invoiceId), {
        method: 'POST',
      }),
  });
  const run = (invoiceId: string, revoke: boolean) =>
    mutation.mutate(
      { invoiceId, revoke },
      {
        onSuccess: async (link) => {
          const copied = await toClipboard(link.url);
          const title = revoke
            ? PAYLINK_MESSAGES.revoked
            : copied
              ? PAYLINK_MESSAGES.copied
              : 'Payment link (copy it from here)';
          toastSuccess(link.url, title);
        },
        onError: (error) => toastError(errorText(error), 'Payment link not copied'),
      },
    );
  return {
    pending: mutation.isPending,
    /** The last link made or copied here. */
    link: mutation.data ?? null,
    copy: (invoiceId: string) => run(invoiceId, false),
    /** Revokes the link and makes (and copies) a new one. */
    revoke: (invoiceId: string) => run(invoiceId, true),
  };
}
