import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useCopyPaymentLink } from './usePaymentLink.ts';

/**
 * Copy the invoice's payment link (decision 43), then show it, with Revoke link (a new link;
 * the old address then says it is no longer valid): the invoice side panel and the Deposits
 * drawer (spec 03 §2.1, §2.2). Only for an issued invoice with an amount due; the caller decides
 * when to show it.
 */
export function PaymentLinkButton({
  invoiceId,
  label = 'Copy Payment Link',
}: {
  invoiceId: string;
  label?: string;
}) {
  const paymentLink = useCopyPaymentLink();
  const url = paymentLink.link?.invoiceId === invoiceId ? paymentLink.link.url : null;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button variant="light" loading={paymentLink.pending} onClick={() => paymentLink.copy(invoiceId)}>
          {label}
        </Button>
        {url ? (
          <Button
            variant="subtle"
            color="red"
            disabled={paymentLink.pending}
            onClick={() => paymentLink.revoke(invoiceId)}
          >
            Revoke link
          </Button>
        ) : null}
      </Group>
      {url ? (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          Payment link:{' '}
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs">
            {url}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
