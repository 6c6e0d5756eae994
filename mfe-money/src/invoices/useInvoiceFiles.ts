import { useQueryClient } from '@tanstack/react-query';
import { downloadFromServer, useSession } from '@venue/ui';
import { MONEY_PATHS, type Invoice, type InvoiceDetail } from '@venue/contracts/money-api';
import { keys } from '../api/keys.ts';
import { errorText, toastError } from '../shared/notify.ts';

/** The newest payment still standing on an invoice (not a refund, not reversed). */
export function latestReceipt(detail: InvoiceDetail) {
  return [...detail.payments]
    .filter((p) => p.kind === 'payment' && p.reversedAt === null)
    .sort((a, b) => (a.processedAt < b.processedAt ? 1 : -1))[0];
}

/** PDF and receipt downloads (binary, so a raw fetch with the token; names from the server). */
export function useInvoiceFiles() {
  const { getToken, api } = useSession();
  const queryClient = useQueryClient();
  return {
    async pdf(inv: Invoice) {
      try {
        await downloadFromServer(getToken, MONEY_PATHS.invoicePdf(inv.id), `invoice-${inv.id}.pdf`);
      } catch (error) {
        toastError(`Failed to download invoice PDF: ${errorText(error)}`);
      }
    },
    async receipt(inv: Invoice, paymentId?: string) {
      try {
        let id = paymentId;
        if (!id) {
          const detail = await queryClient.fetchQuery({
            queryKey: keys.invoice(inv.id),
            queryFn: () => api.request<InvoiceDetail>('fetch invoice', 'GET', MONEY_PATHS.invoice(inv.id)),
          });
          id = latestReceipt(detail)?.id;
        }
        if (!id) {
          toastError('No payment has been recorded on this invoice yet, so there is no receipt.');
          return;
        }
        await downloadFromServer(getToken, MONEY_PATHS.paymentReceipt(id), `receipt-${id}.pdf`);
      } catch (error) {
        toastError(`Failed to download receipt: ${errorText(error)}`);
      }
    },
  };
}
