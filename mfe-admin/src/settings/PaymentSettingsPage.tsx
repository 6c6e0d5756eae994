import { useRef, useState, type RefObject } from 'react';
import { Button, Card, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { CURRENCIES, hasPermission } from '@venue/contracts';
import { PageHeader, focusFirstInvalid, useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { SettingsForm, settingsQueryKey, type FieldSpec, type SettingsFormProps } from './SettingsForm.tsx';
import { SaveGroupsProvider, useSaveGroups, type SaveGroups } from './save-groups.tsx';
import { PaymentMethodsCard, useStripeId } from './PaymentMethodsCard.tsx';
import { InvoiceEmailsCard } from './InvoiceEmailsCard.tsx';
import { useCommsSettings } from './automatic-emails.ts';
import { fetchMethods, paymentKeys } from './payment-api.ts';
import {
  BUSINESS_DEFAULTS,
  INVOICE_DEFAULTS,
  TERMS_DEFAULTS,
  businessSchema,
  invoiceSchema,
  termsSchema,
  trimStrings,
  type InvoiceSettings,
} from './payment-schemas.ts';

// The three cards' fields, in the order each card shows them.
const INVOICE_FIELDS: FieldSpec[] = [
  { name: 'defaultDueDays', label: 'Default due days', kind: 'number', min: 0, max: 365 },
  {
    name: 'depositPercentage',
    label: 'Deposit percentage (%)',
    kind: 'number',
    min: 0,
    max: 100,
  },
  {
    name: 'depositDeadlineDays',
    label: 'Deposit deadline (days before the event)',
    kind: 'number',
    min: 0,
    max: 365,
    description:
      'A deposit invoice falls due by then at the latest (never after the event, never before it is issued).',
  },
  {
    name: 'gstRate',
    label: 'GST rate (%)',
    kind: 'number',
    min: 0,
    max: 100,
    step: 0.01,
    decimals: 2,
  },
  {
    name: 'currency',
    label: 'Invoice currency',
    kind: 'select',
    options: CURRENCIES.map((c) => ({ value: c, label: c })),
  },
  {
    name: 'reminderDays',
    label: 'Reminder days before due',
    kind: 'days',
    description:
      'Comma-separated, e.g. 7, 3, 1. An unpaid invoice is reminded on these days before its due date and after it.',
  },
  // "Send Invoice Emails" and "Send Payment Reminders" are comms' switches: InvoiceEmailsCard
  { name: 'autoSendInvoices', label: 'Auto-send Invoices', kind: 'switch' },
];

const BUSINESS_FIELDS: FieldSpec[] = [
  { name: 'businessName', label: 'Business name', kind: 'text' },
  { name: 'businessABN', label: 'ABN', kind: 'text', description: '11 digits.' },
  { name: 'businessPhone', label: 'Business phone', kind: 'text' },
  { name: 'businessEmail', label: 'Business email', kind: 'email' },
  { name: 'businessAddress', label: 'Business address', kind: 'textarea', span: 2 },
];

const TERMS_FIELDS: FieldSpec[] = [
  { name: 'paymentTerms', label: 'Payment terms', kind: 'textarea', span: 2 },
  { name: 'refundPolicy', label: 'Refund policy', kind: 'textarea', span: 2 },
  { name: 'notifyOnPayment', label: 'Notify on Payment', kind: 'switch' },
  { name: 'notifyOnOverdue', label: 'Notify on Overdue', kind: 'switch' },
];

const OWNER_ONLY_NOTE = 'Only the hall owner can change payment settings.';
const INVOICE_PATH = '/api/tenant-settings/invoice';

/**
 * Payment Settings (spec 01 §2). Every text field is saved by the one Save Settings button
 * (issue 24 item 13: the top button used to save only the Stripe account ID, so edits elsewhere
 * were lost): it saves each card that has edits, and the bar holding it stays in view while the
 * page scrolls. Switches (payment methods, invoice e-mails) still save as they are flipped.
 */
export function PaymentSettingsPage() {
  const { role, principal, reload } = useSession();
  const canEdit = role === 'hall_owner';
  const stripe = useStripeId();
  const flash = useFlash(4000);
  const groups = useSaveGroups();
  const pageRef = useRef<HTMLDivElement>(null);

  return (
    <SaveGroupsProvider groups={groups}>
      <div ref={pageRef}>
        <PageHeader
          title="Payment Settings"
          subtitle="How customers pay you, and the details printed on invoices and quotations."
        />
        {!canEdit ? (
          <Text c="dimmed" size="sm" mb="md">
            {OWNER_ONLY_NOTE}
          </Text>
        ) : null}
        <Stack gap="lg">
          <PaymentStatusCards stripeId={stripe.query.data ?? ''} />
          <PaymentMethodsCard stripe={stripe} canEdit={canEdit} stripeFlash={null} />
          <PaymentGroupForm
            title="Invoice Settings"
            intro="Used when invoices and quotations are created."
            path={INVOICE_PATH}
            testId="invoice-settings"
            schema={invoiceSchema}
            defaults={INVOICE_DEFAULTS}
            canEdit={canEdit}
            // Its GST rate is the tenant's one rate (the Taxes screen's): the session carries it.
            onSaved={reload}
            fields={INVOICE_FIELDS}
          />
          {/* comms answers its switches to those with the Communications permission only */}
          {hasPermission(principal, 'comms') ? <InvoiceEmailsCard canEdit={canEdit} /> : null}
          <PaymentGroupForm
            title="Business Details"
            intro="Printed on invoices and quotations."
            path="/api/tenant-settings/business"
            testId="business-details"
            schema={businessSchema}
            defaults={BUSINESS_DEFAULTS}
            toBody={trimStrings}
            canEdit={canEdit}
            fields={BUSINESS_FIELDS}
          />
          <PaymentGroupForm
            title="Terms & Policies"
            intro="Printed on invoices; the notifications go to your business e-mail."
            path="/api/tenant-settings/terms"
            testId="terms-policies"
            schema={termsSchema}
            defaults={TERMS_DEFAULTS}
            toBody={trimStrings}
            canEdit={canEdit}
            fields={TERMS_FIELDS}
          />
        </Stack>
        {canEdit ? <SaveBar groups={groups} flash={flash} pageRef={pageRef} /> : null}
      </div>
    </SaveGroupsProvider>
  );
}

/**
 * The page's one Save: what is unsaved, and the button that saves it all. A field refused on any
 * card keeps its message beside it, and the first such field (in page order) is focused.
 */
function SaveBar({
  groups,
  flash,
  pageRef,
}: {
  groups: SaveGroups;
  flash: ReturnType<typeof useFlash>;
  pageRef: RefObject<HTMLDivElement | null>;
}) {
  const [saving, setSaving] = useState(false);
  const count = groups.unsaved.length;
  async function saveAll() {
    setSaving(true);
    try {
      const { saved, failed } = await groups.saveAll();
      if (failed.length === 0) flash.success(`Settings saved successfully! (${saved.join(', ')})`);
      else {
        flash.error(
          `${failed.join(', ')} not saved: check the fields marked below.${saved.length ? ` Saved: ${saved.join(', ')}.` : ''}`,
        );
        setTimeout(() => focusFirstInvalid(pageRef.current));
      }
    } finally {
      setSaving(false);
    }
  }
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      mt="lg"
      data-testid="payments-save-bar"
      style={{ position: 'sticky', bottom: 0, zIndex: 5 }}
    >
      <FlashMessage flash={flash.flash} testId="payments-flash" />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c={count ? undefined : 'dimmed'} aria-live="polite">
          {count ? `Unsaved changes: ${groups.unsaved.join(', ')}` : 'No unsaved changes.'}
        </Text>
        <Button onClick={() => void saveAll()} disabled={count === 0} loading={saving}>
          Save Settings
        </Button>
      </Group>
    </Paper>
  );
}

/** Each payment group words its button and messages after its own title; only the owner edits. */
function PaymentGroupForm<T extends FieldValues>(
  props: Omit<SettingsFormProps<T>, 'readOnlyNote' | 'saveLabel' | 'successText' | 'failureText'>,
) {
  const lower = props.title.toLowerCase();
  return (
    <SettingsForm
      {...props}
      readOnlyNote={OWNER_ONLY_NOTE}
      saveLabel={`Save ${props.title}`}
      successText={`${props.title.charAt(0)}${lower.slice(1)} saved.`}
      failureText={`Failed to save ${lower}`}
    />
  );
}

/**
 * Facts about what is configured, read from the saved settings. The spec's static cards
 * ("PCI Compliant" and the like) would be claims this product cannot back, so they are not shown.
 */
function PaymentStatusCards({ stripeId }: { stripeId: string }) {
  const { api, principal } = useSession();
  const methods = useQuery({ queryKey: paymentKeys.methods, queryFn: () => fetchMethods(api) });
  // whether invoice e-mails and reminders go is comms' switch; the days are the invoice group's
  const comms = useCommsSettings(hasPermission(principal, 'comms'));
  const invoice = useQuery<InvoiceSettings>({
    queryKey: settingsQueryKey(INVOICE_PATH),
    queryFn: async () => ({
      ...INVOICE_DEFAULTS,
      ...(await api.api<Partial<InvoiceSettings>>(INVOICE_PATH)),
    }),
  });
  if (!methods.data) return null;
  const m = methods.data;
  const accepted = [
    m.stripe && stripeId ? 'Card (Stripe)' : null,
    m.bankTransfer ? 'Bank transfer' : null,
    m.cash ? 'Cash' : null,
    m.cheque ? 'Cheque' : null,
  ].filter(Boolean);
  const card = m.stripe
    ? stripeId
      ? 'Stripe account ID saved.'
      : 'Turned on, but no Stripe account ID is saved yet.'
    : 'Not turned on.';
  const auto = comms.data?.automatic;
  const emails =
    invoice.data && auto
      ? [
          auto.invoice_issued ? 'Invoice e-mails on' : 'Invoice e-mails off',
          auto.payment_reminder
            ? `reminders ${invoice.data.reminderDays.length ? `${invoice.data.reminderDays.join(', ')} days before and after due` : 'on'}`
            : 'reminders off',
        ].join('; ')
      : '—';
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="payment-status">
      <StatusCard
        title="Accepted payment methods"
        text={accepted.length ? accepted.join(', ') : 'None turned on'}
      />
      <StatusCard title="Card payments" text={card} />
      <StatusCard title="Invoice e-mails" text={emails} />
    </SimpleGrid>
  );
}

function StatusCard({ title, text }: { title: string; text: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed" fw={500}>
        {title}
      </Text>
      <Text fw={600} mt={4}>
        {text}
      </Text>
    </Card>
  );
}
