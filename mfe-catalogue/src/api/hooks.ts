import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { keys } from './keys.ts';
import type {
  Addon,
  AddonInput,
  Blockout,
  BlockoutInput,
  Holiday,
  HolidayInput,
  PriceQuote,
  PriceQuoteInput,
  Pricing,
  PricingInput,
  Resource,
  ResourceInput,
  SyncResult,
} from './types.ts';
import { errorText, notifyError, notifySuccess } from '../shared/notify.ts';
import { blockoutRefusal } from '../blockouts/blockoutRefusal.ts';
import { photoForm } from '../photos/photoRules.ts';

export function useResources() {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.resources,
    queryFn: () => api.api<Resource[]>('/api/resources'),
  });
}

export function usePricing() {
  const { api } = useSession();
  return useQuery({ queryKey: keys.pricing, queryFn: () => api.api<Pricing[]>('/api/pricing') });
}

export function useAddons() {
  const { api } = useSession();
  return useQuery({ queryKey: keys.addons, queryFn: () => api.api<Addon[]>('/api/addons') });
}

export function useHolidays(year: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.holidays(year),
    queryFn: () => api.api<Holiday[]>(`/api/holidays?year=${year}`),
  });
}

export function useBlockouts() {
  const { api } = useSession();
  return useQuery({ queryKey: keys.blockouts, queryFn: () => api.api<Blockout[]>('/api/blockouts') });
}

interface MutationOptions<TVars, TResult> {
  run: (vars: TVars) => Promise<TResult>;
  invalidate: QueryKey[];
  success?: string | ((result: TResult, vars: TVars) => string);
  failure: string;
  /** Failures the screen shows itself (in its dialog), so no toast repeats them. */
  shownByScreen?: (error: unknown) => boolean;
}

/**
 * Every catalogue write: call, refresh the lists it touches, and tell the user. The caller
 * still gets the rejection (mutateAsync) so a dialog can stay open on failure.
 */
function useCatalogueMutation<TVars, TResult>(options: MutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: async (result, vars) => {
      await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const { success } = options;
      if (success) notifySuccess(typeof success === 'function' ? success(result, vars) : success);
    },
    onError: (error) => {
      if (!options.shownByScreen?.(error)) notifyError(errorText(error, options.failure));
    },
  });
}

/** Resource writes change pricing names and block-out lists too. */
const RESOURCE_KEYS: QueryKey[] = [keys.resources, keys.pricing, keys.blockouts];

export function useSaveResource() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: ({ id, input }: { id?: string; input: Partial<ResourceInput> }) =>
      id
        ? api.api<Resource>(`/api/resources/${id}`, { method: 'PUT', body: input })
        : api.api<Resource>('/api/resources', { method: 'POST', body: input }),
    invalidate: RESOURCE_KEYS,
    failure: 'Failed to save resource',
  });
}

export function useDeleteResource() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (id: string) => api.api(`/api/resources/${id}`, { method: 'DELETE' }),
    invalidate: RESOURCE_KEYS,
    success: 'Resource deleted successfully!',
    failure: 'Failed to delete resource',
  });
}

export function useResourceAction() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: ({ id, action }: { id: string; action: 'duplicate' | 'archive' | 'restore' }) =>
      api.api<Resource>(`/api/resources/${id}/${action}`, { method: 'POST' }),
    invalidate: RESOURCE_KEYS,
    success: (r: Resource, vars) =>
      vars.action === 'duplicate'
        ? `${r.name} created`
        : `${r.name} ${vars.action === 'archive' ? 'archived' : 'restored'}`,
    failure: 'Failed to save resource',
  });
}

export function useBulkArchive() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (ids: string[]) => api.api('/api/resources/bulk-archive', { method: 'POST', body: { ids } }),
    invalidate: RESOURCE_KEYS,
    success: 'Selected resources archived',
    failure: 'Failed to archive resources',
  });
}

/** Issuing a feed URL replaces any earlier one; the resource then reports an active feed. */
export function useIcsToken() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.api<{ icsUrl: string }>(`/api/resources/${id}/ics-token`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.resources }),
    onError: (error) => notifyError(errorText(error, 'Failed to create the calendar link')),
  });
}

export function useRevokeIcsToken() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (id: string) => api.api(`/api/resources/${id}/ics-token`, { method: 'DELETE' }),
    invalidate: [keys.resources],
    success: 'Calendar feed URL revoked',
    failure: 'Failed to revoke the calendar link',
  });
}

/**
 * A resource's photo for the public booking page (issue 25): uploaded and removed on their own
 * routes, at once, apart from the resource form's Save. The screen shows the server's refusals
 * (not an image, too large, unreadable) beside the picker, so no toast repeats them.
 */
export function useUploadResourcePhoto() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: ({ id, file }: { id: string; file: File }) =>
      api.api<Resource>(`/api/resources/${id}/photo`, { method: 'POST', body: photoForm(file) }),
    invalidate: [keys.resources],
    success: 'Photo uploaded',
    failure: 'Failed to upload the photo',
    shownByScreen: () => true,
  });
}

export function useRemoveResourcePhoto() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (id: string) => api.api<Resource>(`/api/resources/${id}/photo`, { method: 'DELETE' }),
    invalidate: [keys.resources],
    success: 'Photo removed',
    failure: 'Failed to remove the photo',
    shownByScreen: () => true,
  });
}

export function useSavePricing() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: ({ id, input }: { id?: string; input: PricingInput }) =>
      id
        ? api.api<Pricing>(`/api/pricing/${id}`, { method: 'PUT', body: input })
        : api.api<Pricing>('/api/pricing', { method: 'POST', body: input }),
    invalidate: [keys.pricing],
    failure: 'Failed to save pricing',
  });
}

export function useDeletePricing() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (id: string) => api.api(`/api/pricing/${id}`, { method: 'DELETE' }),
    invalidate: [keys.pricing],
    success: 'Pricing deleted successfully!',
    failure: 'Failed to delete pricing',
  });
}

export function useSaveAddon() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: ({ id, input }: { id?: string; input: AddonInput }) =>
      id
        ? api.api<Addon>(`/api/addons/${id}`, { method: 'PUT', body: input })
        : api.api<Addon>('/api/addons', { method: 'POST', body: input }),
    invalidate: [keys.addons],
    success: 'Add-on saved',
    failure: 'Failed to save add-on',
  });
}

export function useDeleteAddon() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (id: string) => api.api(`/api/addons/${id}`, { method: 'DELETE' }),
    invalidate: [keys.addons],
    success: 'Add-on deleted',
    failure: 'Failed to delete add-on',
  });
}

export function useSaveHoliday() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: ({ id, input }: { id?: string; input: HolidayInput }) =>
      id
        ? api.api<Holiday>(`/api/holidays/${id}`, { method: 'PUT', body: input })
        : api.api<Holiday>('/api/holidays', { method: 'POST', body: input }),
    invalidate: [keys.holidaysAll],
    success: 'Holiday saved',
    failure: 'Failed to save holiday',
  });
}

export function useDeleteHoliday() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (id: string) => api.api(`/api/holidays/${id}`, { method: 'DELETE' }),
    invalidate: [keys.holidaysAll],
    success: 'Holiday deleted',
    failure: 'Failed to delete holiday',
  });
}

export function useSyncHolidays() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (body: { state: string; year: number }) =>
      api.api<SyncResult>('/api/holidays/sync', { method: 'POST', body }),
    invalidate: [keys.holidaysAll],
    failure: 'Failed to sync holidays',
  });
}

export function useImportHolidays() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (ics: string) =>
      api.api<{ imported: number; skipped: number }>('/api/holidays/import', {
        method: 'POST',
        body: { ics },
      }),
    invalidate: [keys.holidaysAll],
    success: (r: { imported: number; skipped: number }) =>
      `Imported ${r.imported} holiday${r.imported === 1 ? '' : 's'}${r.skipped ? `, skipped ${r.skipped}` : ''}`,
    failure: 'Failed to import holidays',
  });
}

export function useSaveBlockout() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: ({ id, input }: { id?: string; input: BlockoutInput }) =>
      id
        ? api.api<Blockout>(`/api/blockouts/${id}`, { method: 'PUT', body: input })
        : api.api<Blockout>('/api/blockouts', { method: 'POST', body: input }),
    invalidate: [keys.blockouts],
    success: 'Block-out saved',
    failure: 'Failed to save block-out',
    shownByScreen: (error) => blockoutRefusal(error) !== null,
  });
}

export function useBulkBlockout() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (input: BlockoutInput) =>
      api.api<{ blockouts: Blockout[] }>('/api/blockouts/bulk', { method: 'POST', body: input }),
    invalidate: [keys.blockouts],
    success: (r: { blockouts: Blockout[] }) =>
      r.blockouts.length === 1 ? 'Block-out created' : `${r.blockouts.length} block-outs created`,
    failure: 'Failed to create block-out',
    shownByScreen: (error) => blockoutRefusal(error) !== null,
  });
}

export function useDeleteBlockout() {
  const { api } = useSession();
  return useCatalogueMutation({
    run: (id: string) => api.api(`/api/blockouts/${id}`, { method: 'DELETE' }),
    invalidate: [keys.blockouts],
    success: 'Block-out deleted',
    failure: 'Failed to delete block-out',
  });
}

export function usePriceQuote() {
  const { api } = useSession();
  return useMutation({
    mutationFn: (input: PriceQuoteInput) =>
      api.api<PriceQuote>('/api/price-quote', { method: 'POST', body: input }),
  });
}
