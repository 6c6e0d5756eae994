import { useState } from 'react';
import { Alert, Button, Grid, Group, Stack } from '@mantine/core';
import { PageHeader, useSession } from '@venue/ui';
import { useRouteParams } from '@venue/ui/remote-root';
import { useBounce } from '../api/hooks.ts';
import { useCommsFormat } from '../shared/format.ts';
import { EMPTY_DRAFT, readShareLink, shareInvoice, shareText } from './sendForm.ts';
import { useSendEmailForm, useSendPayLink } from './useSendEmailForm.ts';
import { EmailPreview, SendConfirmDialog, useRenderedPreview } from './EmailPreview.tsx';
import { BookingPanel } from './BookingPanel.tsx';
import { ContentPanel } from './ContentPanel.tsx';
import { CustomerPanel } from './CustomerPanel.tsx';
import { SmsPanel } from './SmsPanel.tsx';

/** Send Email (spec 02 §2.10): customer → booking → template → content → preview → confirm. */
export function SendEmailPage() {
  const fmt = useCommsFormat();
  const { navigate } = useSession();
  const params = useRouteParams();
  // The dashboard's share link fills the form once, when the page opens with it.
  const [share] = useState(() => readShareLink(params));
  const [initial] = useState(() =>
    share ? { ...EMPTY_DRAFT, ...shareText(share, fmt), invoice: shareInvoice(share) } : EMPTY_DRAFT,
  );
  const [search, setSearch] = useState(share?.toName ?? '');
  const sending = useSendEmailForm(initial, () => setSearch(''));
  const { form, draft, change } = sending;
  const payLink = useSendPayLink(draft.customer, draft.booking);
  const bounceWarning = useBounce(draft.customer?.email ?? null).data?.warning ?? null;
  const preview = useRenderedPreview(draft, fmt);

  return (
    <>
      <PageHeader
        title="Send Email"
        subtitle="Write to a customer about their booking, from a template or in your own words."
        actions={
          <Button variant="default" onClick={() => navigate('/CommsMailPreview')}>
            Mail preview
          </Button>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <CustomerPanel
              search={search}
              onSearch={setSearch}
              selected={draft.customer}
              autoPick={share?.toName ?? null}
              // The share link's invoice stays with the customer it picked, not with another one.
              onSelect={(customer) =>
                change({ customer, booking: null, ...(draft.customer ? { invoice: null } : {}) })
              }
            />
            <BookingPanel
              customer={draft.customer}
              selected={draft.booking}
              autoPick={share?.bookingId ?? null}
              onSelect={(booking) => change({ booking })}
              onPayLink={payLink.sendPayLink}
              payLinkBusy={payLink.busy}
              fmt={fmt}
            />
            <ContentPanel form={form} draft={draft} onChange={change} />
            <SmsPanel booking={draft.booking} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <EmailPreview draft={draft} preview={preview} bounceWarning={bounceWarning} />
        </Grid.Col>
      </Grid>
      {sending.problems.length ? (
        <Alert color="red" mt="md" title="Validation Error" role="alert" data-testid="send-problems">
          {sending.problems.join(', ')}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button onClick={sending.trySend} disabled={!draft.customer} loading={sending.sending}>
          Send Email
        </Button>
      </Group>
      <SendConfirmDialog
        opened={sending.confirming}
        draft={draft}
        subject={preview.rendered.subject}
        bounceWarning={bounceWarning}
        busy={sending.sending}
        onClose={sending.cancelSend}
        onConfirm={sending.confirmSend}
      />
    </>
  );
}
