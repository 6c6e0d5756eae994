import { useEffect } from 'react';
import { Alert, Button, Card, NumberInput, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_USER_SETTINGS, isValidGst, userSettingsUpdateSchema } from '@venue/contracts';
import { LoadingState, PageHeader, useSession } from '@venue/ui';
import { putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { FlashMessage, useFlash } from '../shared/flash.tsx';

/** The rate as typed: Mantine's NumberInput gives a string while it is not a whole number yet. */
type GstValues = { taxRate: number | string };
type GstBody = { taxRate: number };

/** The body the GST screen sends (taxRate alone); a blank or unreadable rate is not a number. */
function gstBody({ taxRate }: GstValues) {
  if (typeof taxRate === 'number') return { taxRate };
  return { taxRate: taxRate.trim() === '' ? null : Number(taxRate) };
}

/**
 * The tenant's one GST rate: read (the default when unreadable), checked by the schema the
 * service parses the PUT with, and saved.
 */
function useGstRate() {
  const { api, reload } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash(2500);
  const query = useQuery({
    queryKey: ['admin', 'settings', 'gst'],
    queryFn: async () => {
      const body = await api.api<{ taxRate?: unknown }>('/api/users/settings');
      const rate = Number(body?.taxRate);
      // Invalid stored values fall back to the default (spec 01 §5).
      return isValidGst(rate) ? rate : DEFAULT_USER_SETTINGS.taxRate;
    },
    staleTime: 0,
  });
  const { form, formRef, errors } = useContractForm<GstValues, GstBody>({
    schema: userSettingsUpdateSchema,
    toBody: gstBody,
    defaultValues: { taxRate: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (query.data !== undefined) reset({ taxRate: query.data });
    else if (query.isError) reset({ taxRate: DEFAULT_USER_SETTINGS.taxRate });
  }, [query.data, query.isError, reset]);

  const save = useMutation({
    mutationFn: ({ taxRate }: GstBody) =>
      api.api('/api/users/settings', { method: 'PUT', body: { taxRate } }),
    onSuccess: async () => {
      flash.success('GST settings saved.');
      // Invoice Settings shows the same rate (one rate, stored once): its cached group is stale.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'tenant-settings'] });
      await reload();
    },
    onError: (error) => {
      // A refusal of the rate itself is shown on the field as well.
      putServerErrors(form, error);
      flash.error('Failed to save GST settings.');
    },
  });
  const submit = form.handleSubmit((body) => save.mutateAsync(body).catch(() => undefined));
  return { flash, query, form, formRef, errors, save, submit };
}

export function TaxesPage() {
  const { flash, query, form, formRef, errors, save, submit } = useGstRate();
  return (
    <>
      <PageHeader title="Taxes (GST)" subtitle="The GST rate applied to new invoices and quotations." />
      <FlashMessage flash={flash.flash} testId="gst-flash" />
      {query.isError ? (
        <Alert color="yellow" variant="light" mb="md" role="status">
          Could not load current GST settings. Using defaults.
        </Alert>
      ) : null}
      <Card withBorder padding="lg" maw={480}>
        {query.isPending ? (
          <LoadingState label="Loading settings..." />
        ) : (
          <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="sm">
              <Controller
                control={form.control}
                name="taxRate"
                render={({ field }) => (
                  <NumberInput
                    label="GST Rate (%)"
                    min={0}
                    max={100}
                    step={0.01}
                    decimalScale={2}
                    clampBehavior="none"
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.taxRate?.message}
                  />
                )}
              />
              <Text size="sm" c="dimmed">
                Default for new accounts is 10%
              </Text>
              <Button type="submit" loading={save.isPending} w="fit-content">
                Save GST Settings
              </Button>
            </Stack>
          </form>
        )}
      </Card>
    </>
  );
}
