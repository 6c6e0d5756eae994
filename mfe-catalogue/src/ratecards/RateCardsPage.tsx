import { lazy, useMemo, useState } from 'react';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '@venue/ui';
import type { Pricing } from '../api/types.ts';
import { useAddons, useDeletePricing, usePricing, useResources } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { PricingCard } from './PricingCard.tsx';
import { PriceCheckPanel } from './PriceCheckPanel.tsx';
import { OnDemand } from '../shared/OnDemand.tsx';

// The rate card form (and the validation rules it brings) loads when first opened.
const PricingDialog = lazy(() => import('./PricingDialog.tsx').then((m) => ({ default: m.PricingDialog })));

export function RateCardsPage() {
  const canManage = useCanManage();
  const pricing = usePricing();
  const resources = useResources();
  const addons = useAddons();
  const remove = useDeletePricing();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ pricing: Pricing | null } | null>(null);
  const [deleting, setDeleting] = useState<Pricing | null>(null);

  const list = useMemo(() => pricing.data ?? [], [pricing.data]);
  const allResources = useMemo(() => resources.data ?? [], [resources.data]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return list;
    return list.filter((p) =>
      [p.resourceName, p.rateType, p.description ?? ''].some((f) => f.toLowerCase().includes(q)),
    );
  }, [list, search]);

  const hasResources = allResources.length > 0;
  const loading = pricing.isPending || resources.isPending;
  const error = pricing.error ?? resources.error;

  return (
    <>
      <PageHeader
        title="Rate Cards"
        subtitle="Hourly, daily and special rates for each space."
        actions={
          canManage && hasResources ? (
            <Button onClick={() => setEditing({ pricing: null })}>Add Pricing</Button>
          ) : undefined
        }
      />
      <SectionNav area="pricing" current="/PricingRatecards" />
      {canManage ? null : <ReadOnlyNotice area="pricing" />}
      {loading ? (
        <LoadingState label="Loading pricing..." />
      ) : error ? (
        <ErrorState
          title="Failed to fetch pricing"
          message={error.message}
          onRetry={() => {
            void pricing.refetch();
            void resources.refetch();
          }}
        />
      ) : !hasResources && list.length === 0 ? (
        <EmptyState
          title="No pricing set up yet"
          description="Please add resources first before setting up pricing."
        />
      ) : (
        <>
          <Group align="flex-end" mb="md">
            <TextInput
              label="Search pricing"
              placeholder="Resource, rate type or description"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={320}
            />
            <Button variant="subtle" disabled={!search} onClick={() => setSearch('')}>
              Clear
            </Button>
          </Group>
          {shown.length === 0 ? (
            <EmptyState
              title={list.length === 0 ? 'No pricing set up yet' : 'No pricing matches your search'}
              description={
                list.length === 0 && canManage ? 'Add a rate card for each resource you hire out.' : undefined
              }
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {shown.map((p) => (
                <PricingCard
                  key={p.id}
                  pricing={p}
                  resource={allResources.find((r) => r.id === p.resourceId)}
                  canManage={canManage}
                  onEdit={() => setEditing({ pricing: p })}
                  onDelete={() => setDeleting(p)}
                />
              ))}
            </SimpleGrid>
          )}
          {hasResources ? <PriceCheckPanel resources={allResources} addons={addons.data ?? []} /> : null}
        </>
      )}
      <OnDemand open={editing !== null}>
        <PricingDialog
          opened={editing !== null}
          pricing={editing?.pricing ?? null}
          resources={allResources}
          taken={list.map((p) => p.resourceId)}
          onClose={() => setEditing(null)}
        />
      </OnDemand>
      <ConfirmDialog
        opened={deleting !== null}
        confirmLabel="Delete"
        confirmColor="red"
        title="Delete Pricing"
        message={`Delete the rate card for ${deleting?.resourceName ?? ''}? Bookings of it will be priced at 0 until a new one is added.`}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </>
  );
}
