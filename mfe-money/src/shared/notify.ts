import { createToasts } from '@venue/ui/notify';

export { errorText } from '@venue/ui/notify';

/** Toasts of the money screens close after 5 seconds, as the booking screens' do; errors after 8. */
export const { toastSuccess, toastError } = createToasts({ successMs: 5000, errorMs: 8000 });
