import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { QUOTATION_MESSAGES as M, type Quotation } from '@venue/contracts/money-api';
import { useDeleteQuotation } from '../api/quotation-hooks.ts';
import { useFormat } from '../shared/format.ts';
import { deletable } from './QuotationTable.tsx';

/** Delete a draft nobody has received; a numbered one is kept (it is declined instead). */
export function DeleteQuotationDialog({
  quotation,
  onClose,
  onDeleted,
  onFailed,
}: {
  quotation: Quotation | null;
  onClose: () => void;
  onDeleted: (q: Quotation) => void;
  onFailed: (message: string) => void;
}) {
  const fmt = useFormat();
  const remove = useDeleteQuotation();

  async function confirm() {
    if (!quotation) return;
    if (!deletable(quotation)) {
      onFailed(M.numberedKept);
      onClose();
      return;
    }
    try {
      await remove.mutateAsync(quotation.id);
      onDeleted(quotation);
    } catch {
      onFailed(M.deleteFailed);
    }
    onClose();
  }

  return (
    <Modal opened={quotation !== null} onClose={onClose} title="Delete quotation">
      <Stack>
        <Text>
          Delete the draft quotation for {quotation?.customerName} ({quotation?.eventType},{' '}
          {fmt.date(quotation?.eventDate)})? This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
