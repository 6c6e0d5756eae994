import { z } from 'zod';
import { PageHeader, useSession } from '@venue/ui';
import { availabilitySchema } from '@venue/contracts';
import { SettingsForm } from './SettingsForm.tsx';

const READ_ONLY = 'You can view these settings; changing them needs the Settings permission.';

export function AvailabilityPage() {
  const { can } = useSession();
  return (
    <>
      <PageHeader
        title="Availability & Buffers"
        subtitle="Time kept free around every booking, and how long a tentative hold lasts."
      />
      <SettingsForm
        title="Buffers and holds"
        intro="New bookings keep these gaps free before and after the booked time. A hold that is not confirmed in time is released."
        path="/api/tenant-settings/availability"
        testId="availability-settings"
        schema={availabilitySchema}
        defaults={{ setupBufferMinutes: 15, packdownBufferMinutes: 15, holdExpiryHours: 48 }}
        canEdit={can('settings')}
        readOnlyNote={READ_ONLY}
        saveLabel="Save Availability"
        successText="Availability settings saved."
        failureText="Failed to save availability settings"
        fields={[
          { name: 'setupBufferMinutes', label: 'Setup buffer (minutes)', kind: 'number', min: 0, max: 480 },
          {
            name: 'packdownBufferMinutes',
            label: 'Pack-down buffer (minutes)',
            kind: 'number',
            min: 0,
            max: 480,
          },
          {
            name: 'holdExpiryHours',
            label: 'Default hold expiry',
            kind: 'select',
            numeric: true,
            options: [
              { value: '24', label: '24 hours' },
              { value: '48', label: '48 hours' },
              { value: '72', label: '72 hours' },
              { value: '168', label: '7 days' },
            ],
          },
        ]}
      />
    </>
  );
}

const policiesSchema = z.object({
  cancellationPolicy: z.string().max(10000),
  refundRules: z.string().max(10000),
  defaultBondCents: z
    .number({ error: 'The bond must be zero or more.' })
    .int()
    .min(0, 'The bond must be zero or more.'),
  termsAndConditions: z.string().max(20000),
});

export function PoliciesPage() {
  const { can } = useSession();
  return (
    <>
      <PageHeader
        title="Policies"
        subtitle="Cancellation and refund rules, the default bond and your terms."
      />
      <SettingsForm
        title="Booking policies"
        intro="Shown to customers with quotations and confirmations."
        path="/api/tenant-settings/policies"
        testId="policies-settings"
        schema={policiesSchema}
        defaults={{ cancellationPolicy: '', refundRules: '', defaultBondCents: 0, termsAndConditions: '' }}
        toBody={(v) => ({
          ...v,
          cancellationPolicy: v.cancellationPolicy.trim(),
          refundRules: v.refundRules.trim(),
          termsAndConditions: v.termsAndConditions.trim(),
        })}
        canEdit={can('settings')}
        readOnlyNote={READ_ONLY}
        saveLabel="Save Policies"
        successText="Policies saved."
        failureText="Failed to save policies"
        fields={[
          { name: 'defaultBondCents', label: 'Default bond', kind: 'money' },
          { name: 'cancellationPolicy', label: 'Cancellation policy', kind: 'textarea', span: 2 },
          { name: 'refundRules', label: 'Refund rules', kind: 'textarea', span: 2 },
          { name: 'termsAndConditions', label: 'Terms and conditions', kind: 'textarea', span: 2 },
        ]}
      />
    </>
  );
}
