import { createToasts } from '@venue/ui/notify';

export { errorText } from '@venue/ui/notify';

/** Resources and pricing banners last 3 seconds (spec 03 §9), errors 6; untitled. */
export const { toastSuccess: notifySuccess, toastError: notifyError } = createToasts({
  successMs: 3000,
  errorMs: 6000,
});
