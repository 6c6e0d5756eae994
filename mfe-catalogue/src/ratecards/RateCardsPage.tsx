import { lazy, useMemo, useState } from 'react';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { EmptyState, ErrorState, LoadingState, PageHeader, OnDemand } from '@venue/ui';
import type { Pricing, Resource } from '../api/types.ts';
import { useAddons, useDeletePricing, usePricing, useResources } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { PricingCard } from './PricingCard.tsx';
import { PriceCheckPanel } from './PriceCheckPanel.tsx';

// The rate card form (and the validation rules it brings) loads when first opened.
const PricingDialog = lazy(() => import('./PricingDialog.tsx').then((m) => ({ default: m.PricingDialog })));

export function RateCardsPage() {
  const canManage = useCanManage();
  const pricing = usePricing();
  const resources = useResources();
  const addons = useAddons();
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
          <PricingSearch search={search} onSearch={setSearch} />
          <RateCardGrid
            shown={shown}
            empty={list.length === 0}
            resources={allResources}
            canManage={canManage}
            onEdit={(p) => setEditing({ pricing: p })}
            onDelete={setDeleting}
          />
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
      <DeletePricingDialog pricing={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The rate cards the search leaves, or why there are none. */
function RateCardGrid({
  shown,
  empty,
  resources,
  canManage,
  onEdit,
  onDelete,
}: {
  shown: Pricing[];
  /** No rate card at all (not only none matching). */
  empty: boolean;
  resources: Resource[];
  canManage: boolean;
  onEdit: (p: Pricing) => void;
  onDelete: (p: Pricing) => void;
}) {
  return (
    <>
      {shown.length === 0 ? (
        <EmptyState
          title={empty ? 'No pricing set up yet' : 'No pricing matches your search'}
          description={empty && canManage ? 'Add a rate card for each resource you hire out.' : undefined}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shown.map((p) => (
            <PricingCard
              key={p.id}
              pricing={p}
              resource={resources.find((r) => r.id === p.resourceId)}
              canManage={canManage}
              onEdit={() => onEdit(p)}
              onDelete={() => onDelete(p)}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function DeletePricingDialog({ pricing, onClose }: { pricing: Pricing | null; onClose: () => void }) {
  const remove = useDeletePricing();
  return (
    <ConfirmDialog
      opened={pricing !== null}
      confirmLabel="Delete"
      confirmColor="red"
      title="Delete Pricing"
      message={`Delete the rate card for ${pricing?.resourceName ?? ''}? Bookings of it will be priced at 0 until a new one is added.`}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (pricing) remove.mutate(pricing.id, { onSuccess: onClose });
      }}
    />
  );
}

function PricingSearch({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  return (
    <Group align="flex-end" mb="md">
      <SearchField
        label="Search pricing"
        placeholder="Resource, rate type or description"
        value={search}
        onSearch={onSearch}
        w={320}
      />
      <Button variant="subtle" disabled={!search} onClick={() => onSearch('')}>
        Clear
      </Button>
    </Group>
  );
}
