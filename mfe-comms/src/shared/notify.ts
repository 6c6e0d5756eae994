import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { createToasts } from '@venue/ui/notify';

export { errorText } from '@venue/ui/notify';

/** E-mail toasts are titled Success or Error and close after 5 seconds (spec 02 §8, §9). */
export const { toastSuccess, toastError } = createToasts({
  successMs: 5000,
  successTitle: 'Success',
  errorTitle: 'Error',
});

/** One Error toast per failed fetch (not per render), worded by the spec ("Failed to load customers"). */
export function useFailureToast(query: Pick<UseQueryResult, 'isError' | 'errorUpdatedAt'>, failure: string) {
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toastError(failure);
  }, [isError, errorUpdatedAt, failure]);
}
