import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_USER_SETTINGS, GST_MESSAGE, isValidGst } from '@venue/contracts';
import { LoadingState, PageHeader, useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';

/** The tenant's one GST rate: read (the default when unreadable), checked and saved. */
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
  const [rate, setRate] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data !== undefined) setRate(query.data);
    else if (query.isError) setRate(DEFAULT_USER_SETTINGS.taxRate);
  }, [query.data, query.isError]);

  const save = useMutation({
    mutationFn: (taxRate: number) => api.api('/api/users/settings', { method: 'PUT', body: { taxRate } }),
    onSuccess: async () => {
      flash.success('GST settings saved.');
      // Invoice Settings shows the same rate (one rate, stored once): its cached group is stale.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'tenant-settings'] });
      await reload();
    },
    onError: () => flash.error('Failed to save GST settings.'),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = typeof rate === 'number' ? rate : Number(rate);
    if (rate === '' || !isValidGst(n)) {
      setError(GST_MESSAGE);
      return;
    }
    setError(null);
    save.mutate(n);
  };
  const edit = (v: number | string) => {
    setRate(v);
    setError(null);
  };
  return { flash, query, rate, edit, error, save, submit };
}

export function TaxesPage() {
  const { flash, query, rate, edit, error, save, submit } = useGstRate();
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
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <NumberInput
                label="GST Rate (%)"
                min={0}
                max={100}
                step={0.01}
                decimalScale={2}
                clampBehavior="none"
                value={rate}
                onChange={edit}
                error={error}
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
